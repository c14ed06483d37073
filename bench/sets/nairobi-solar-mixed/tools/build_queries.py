#!/usr/bin/env python3
"""Build queries.jsonl: gold/stale ranges are located by unique substrings, so line
numbers stay right after edits. Run from anywhere."""
import json, pathlib
SET = pathlib.Path(__file__).resolve().parent.parent
WS = SET / "workspace"

def _find(f, sub):
    path = f if "/" in f or f == "MEMORY.md" else f"memory/{f}"
    if path.startswith("memory/") and not path.endswith(".md"):
        path += ".md"
    lines = (WS / path).read_text(encoding="utf-8").splitlines()
    hits = [i + 1 for i, l in enumerate(lines) if sub in l]
    assert len(hits) == 1, (path, sub, hits)
    return path, hits[0]

def L(f, sub, sub2=None):
    path, s = _find(f, sub)
    e = _find(f, sub2)[1] if sub2 else s
    assert e >= s
    return {"path": path, "startLine": s, "endLine": e}

P = "people.md"; K = "project-kalobeyei.md"
Q = []
def q(query, lang, cat, gold, note, stale=None):
    o = {"id": f"q{len(Q)+1:03d}", "query": query, "lang": lang, "category": cat, "gold": gold}
    if stale is not None:
        o["stale"] = stale
    o["note"] = note
    Q.append(o)

# ---------------- exact (17)
q("What was PO-XSK-2026-011 for?", "en", "exact",
  [L("2026-01-22", "PO-XSK-2026-011"), L(K, "PO-XSK-2026-011")],
  "24 Shengfu SPX-10K-H inverters, USD 35,520 (later moved to Kajiado phase 2)")
q("which insurer's cover note is AP/ENG/26/3381", "en", "exact",
  [L("2026-04-22", "AP/ENG/26/3381")], "APA Insurance; it cleared CP-06 for drawdown 1")
q("What device sits at 10.20.2.15?", "en", "exact",
  [L("2026-01-20", "10.20.2.15")], "the Machakos MKS-02 site gateway")
q("what did ticket SEA-3307 end up fixing", "en", "exact",
  [L("2026-02-04", "SEA-3307"), L("2026-02-24", "SEA-3307")],
  "token rollover errors on 11 SM-200 meters, fixed by meter firmware v1.8")
q("Who is on ext 4431 at Mvuli?", "en", "exact",
  [L("2026-04-13", "ext 4431"), L(P, "ext 4431")], "Peter Mwangi, the new relationship manager")
q("顺丰单号 SF1402338761 寄的是什么东西？", "zh", "exact",
  [L("2026-02-12", "SF1402338761")], "给妈妈的血糖试纸（Accu-Chek 50 片）")
q("提单 COSU6612098450 对应的是哪个 PO？", "zh", "exact",
  [L("2026-04-15", "COSU6612098450")], "PO-XSK-2026-058（科瑞 KR-HV12K）")
q("PNR ETK7QX 那三张票一共多少钱？", "zh", "exact",
  [L("2026-06-12", "PNR ETK7QX")], "KES 389,000")
q("KR-CAN-02 转换盒单价多少？", "zh", "exact",
  [L("2026-03-11", "KR-CAN-02，USD 85"), L("2026-03-18", "converter boxes KR-CAN-02")], "USD 85 一个（20 个 USD 1,700）")
q("DHL 4471 2209 31 这个单号寄的是什么？", "zh", "exact",
  [L("2026-02-27", "DHL 4471 2209 31")], "母公司担保函原件（董事会 2 月 26 日批）")
q("OPS-1142 最后是怎么 close 掉的？", "mixed", "exact",
  [L("2026-03-05", "Upgraded all 18 SPX-10K-H", "OPS-1142 closed")],
  "upgrade to firmware v2.4.0 fixed the fan curve; 80% derate removed, closed 5 Mar")
q("收据 RV-ADM-2026-0187 是付的什么 deposit，多少钱？", "mixed", "exact",
  [L("2026-05-09", "RV-ADM-2026-0187")], "Ridgeview 入学押金 KES 60,000")
q("EPRA/MG/TR/2026/019 这个 submission 是申请什么的？", "mixed", "exact",
  [L("2026-01-27", "drafted tariff review", "EPRA/MG/TR/2026/019")],
  "KJD-01 tariff review: cut from KES 60 to 50/kWh for lifeline customers")
q("BOL-MSA-26-0912 那个 booking 是订的什么？", "mixed", "exact",
  [L("2026-02-10", "BOL-MSA-26-0912")], "Bolloré containers for the TRK-03 inverters/batteries")
q("KRA-C-2026-204519 是哪批货的 customs entry？", "mixed", "exact",
  [L("2026-06-13", "KRA-C-2026-204519")], "Shengfu phase 2 inverters, Maersk BL MAEU 2405 8813")
q("HR-EXP-2606-114 这张报销单 claim 的是什么费用？", "mixed", "exact",
  [L("2026-06-26", "HR-EXP-2606-114")], "乐乐 Ridgeview Term 1 学费 KES 310,000（公司补 60%）")
q("Dr. Omondi 给乐乐开的 inhaler 怎么用？", "mixed", "exact",
  [L("2026-01-24", "salbutamol inhaler")], "salbutamol, 2 puffs when wheezy")

# ---------------- paraphrase (20)
q("How long is the plot at the Turkana site ours for?", "en", "paraphrase",
  [L("2026-02-18", "TC/LL/2025/114"), L(K, "TC/LL/2025/114")], "25-year county lease")
q("What do Kalobeyei households pay to get hooked up, and can they spread it out?", "en", "paraphrase",
  [L("2026-03-13", "Connection fee agreed"), L(K, "Connection fee KES 1,000")], "KES 1,000, in 4 installments")
q("What's the registration on the vehicle that takes me to the sites?", "en", "paraphrase",
  [L("2026-01-13", "KDK 512Q"), L(P, "KDK 512Q")], "Land Cruiser KDK 512Q")
q("what was my cholesterol reading in February", "en", "paraphrase",
  [L("2026-02-06", "LDL 3.6")], "LDL 3.6, slightly high")
q("What was the turnout at the consultation on electricity charges?", "en", "paraphrase",
  [L("2026-03-25", "~120 people")], "about 120 people")
q("Who's the therapist working on my leg?", "en", "paraphrase",
  [L("2026-04-18", "Ms. Njoki, 4 sessions"), L("2026-06-09", "Ms. Njoki gave"), L(P, "Ms. Njoki")],
  "Ms. Njoki, physio at Aga Khan")
q("When's the next compliance filing to the lender due?", "en", "paraphrase",
  [L("2026-05-20", "Quarterly covenant report"), L(K, "covenant report to Peter")], "15 Jul (quarterly covenant report)")
q("太太哪两天夜里要去教课？", "zh", "paraphrase",
  [L("2026-01-05", "孔院这学期周二"), L("2026-01-16", "HSK 班")], "周二、周四晚上")
q("晟伏那批机器为什么一直拖着不发？差的是什么料？", "zh", "paraphrase",
  [L("2026-02-04", "IGBT 缺货")], "IGBT 缺货，交期 45 天延到 60 天")
q("草原游那次给向导多少打赏？", "zh", "paraphrase",
  [L("2026-03-16", "小费 USD 40")], "USD 40（给 Kevin）")
q("老婆拿了什么荣誉，发了多少钱？", "zh", "paraphrase",
  [L("2026-04-15", "优秀教师")], "孔院优秀教师，奖金 USD 500")
q("妈妈眼睛的毛病，专家说多久要再看一回？", "zh", "paraphrase",
  [L("2026-05-02", "眼底检查")], "轻度视网膜病变，半年复查一次")
q("儿子春假从哪天放到哪天？", "zh", "paraphrase",
  [L("2026-03-21", "复活节假期")], "3 月 28 日到 4 月 12 日")
q("平时谁带我妈去测糖？", "zh", "paraphrase",
  [L("2026-01-10", "妹妹周琳每周三"), L(P, "妹妹周琳")], "妹妹周琳，每周三")
q("新家的 internet 哪天来人接通？", "mixed", "paraphrase",
  [L("2026-05-23", "Safaricom Home fibre"), L("2026-05-26", "Wi-Fi 装好了")], "5 月 26 日，Safaricom Home 100 Mbps")
q("Kajiado 那边运维每度电花多少，代表团问过的那个数？", "mixed", "paraphrase",
  [L("2026-04-02", "O&M cost per kWh")], "KES 11.4 per kWh")
q("HQ visitors 里面管钱的是谁？", "mixed", "paraphrase",
  [L("2026-03-30", "Delegation list")], "孙婷（财务）")
q("Lele 的 swimming lessons 一期收费多少？", "mixed", "paraphrase",
  [L("2026-01-24", "游泳课")], "KES 18,000 一期")
q("搬去的新房子 monthly rent 多少？", "mixed", "paraphrase",
  [L("2026-04-11", "KES 150,000/月")], "KES 150,000 per month")
q("春节 party 之后 dinner 去的哪家馆子？", "mixed", "paraphrase",
  [L("2026-02-14", "Hong Kong Garden")], "Hong Kong Garden, KES 18,500")

# ---------------- cross-language (15)
q("What did the doctor prescribe me for blood pressure back in January?", "en", "cross-language",
  [L("2026-01-20", "氨氯地平")], "amlodipine 5mg once a day (Dr. Wanjiru Kamau)")
q("How much deposit did we put down for the Lavington house?", "en", "cross-language",
  [L("2026-04-13", "押金两个月")], "KES 300,000 (two months)")
q("What did my sister-in-law buy as a souvenir on the safari?", "en", "cross-language",
  [L("2026-03-16", "珠子手链")], "a Maasai bead bracelet, KES 2,500")
q("When did the board sign off on the parent company guarantee?", "en", "cross-language",
  [L("2026-02-27", "董事会 2 月 26 日批了")], "26 Feb")
q("How many volunteer teachers is my wife picking up, and which flight are they on?", "en", "cross-language",
  [L("2026-06-02", "志愿者 6 月 10 日"), L("2026-05-16", "汉语教师志愿者")], "8 volunteers, CZ 6043 on 10 Jun")
q("How much are Lele's new school clothes?", "en", "cross-language",
  [L("2026-05-20", "校服一套")], "KES 12,400 (Ridgeview uniform)")
q("What time were we fully in the new place on relocation day?", "en", "cross-language",
  [L("2026-05-23", "Cheetah Movers 8 点到")], "2 pm")
q("What did Zhao Lei want me to do when I'm back in China in July?", "en", "cross-language",
  [L("2026-06-23", "Q3 想启动"), L(K, "汇报二期")], "brief HQ in Changsha on phase 2 (100 kWp), 14 Jul")
q("飞图尔卡纳那班早上几点从威尔逊机场走？", "zh", "cross-language",
  [L("2026-02-18", "Safarilink 5H 822 Wilson 07:00")], "07:00，5H 822")
q("图尔卡纳工地的普通工人日薪多少？", "zh", "cross-language",
  [L("2026-03-10", "casual wage"), L(K, "casuals KES 1,200/day")], "KES 1,200 一天")
q("太阳能板从哪家经销商买的，单价多少？", "zh", "cross-language",
  [L("2026-01-09", "SolarLink (Mombasa Rd)")], "SolarLink，Longi 550W，USD 0.19/W")
q("银行那个偿债覆盖率最低要求是多少？", "zh", "cross-language",
  [L("2026-01-07", "DSCR covenant")], "DSCR 最低 1.25x")
q("能源监管局验收时挑出了哪几个小毛病？", "zh", "cross-language",
  [L("2026-06-19", "punch items")], "标签、接地井盖、灭火器标签")
q("试运行第一天发了多少电？", "zh", "cross-language",
  [L("2026-06-23", "first 24h")], "1,040 kWh")
q("斯瓦希里语一级考试我考了几分？", "zh", "cross-language",
  [L("2026-05-29", "82/100")], "82/100")

# ---------------- temporal-update (14)
q("What day and time is the weekly site call now?", "en", "temporal-update",
  [L("2026-05-13", "now Wednesdays 14:00")], "Wednesdays 14:00 EAT (since 13 May)",
  [L("2026-01-05", "every Monday 09:00"), L("2026-02-10", "Tuesdays 08:30 EAT")])
q("Kalobeyei 的逆变器现在是哪家供货？", "zh", "temporal-update",
  [L("2026-04-09", "赵磊拍板"), L(K, "Inverters: 20 x Kerui")], "深圳科瑞 KR-HV12K（4 月 9 日起）",
  [L("2026-01-09", "黄伟（晟伏电源销售经理）"), L("2026-01-22", "PO-XSK-2026-011")])
q("妈妈现在是在哪家医院、哪个医生那里看糖尿病？", "zh", "temporal-update",
  [L("2026-03-05", "第一次在湖南省人民医院"), L(P, "现在看湖南省人民医院")], "湖南省人民医院内分泌科王主任",
  [L("2026-01-05", "湘雅二医院李医生")])
q("妈妈的 metformin 现在一次吃多少？", "mixed", "temporal-update",
  [L("2026-06-12", "二甲双胍加到 1000mg")], "1000mg 每日两次（另加达格列净 10mg）",
  [L("2026-01-05", "湘雅二医院李医生"), L("2026-03-05", "加到 850mg"), L("2026-05-13", "还是 850mg")])
q("乐乐 August 开始上哪个 school？", "mixed", "temporal-update",
  [L("2026-05-07", "决定 8 月让乐乐转去")], "Ridgeview School, Lavington",
  [L("2026-01-27", "先继续留在 Acacia"), L("2026-02-12", "Year 1 还是续 Acacia")])
q("我们现在的 home address 是哪里？", "mixed", "temporal-update",
  [L("2026-05-23", "Cheetah Movers 8 点到")], "Jacaranda Gardens House B12, Muthangari Drive, Lavington",
  [L("2026-03-16", "Riverside Court 4B")])
q("Which firmware version are the Kajiado inverters on now?", "en", "temporal-update",
  [L("2026-05-09", "to v2.4.2 this morning")], "v2.4.2 (since 9 May)",
  [L("2026-01-09", "固件统一到 v2.3.1"), L("2026-03-05", "from v2.3.1 to v2.4.0"), L("2026-04-02", "v2.4.0 inverters")])
q("Mvuli 那边现在对接我们的 relationship manager 是谁？", "mixed", "temporal-update",
  [L("2026-04-13", "New relationship manager"), L(P, "Peter Mwangi — Mvuli Bank")], "Peter Mwangi (ext 4431), since 17 Apr",
  [L("2026-01-07", "Met Grace Achieng")])
q("Kalobeyei 那笔贷款现在利率是多少？", "zh", "temporal-update",
  [L("2026-03-18", "fixed 13.25%"), L(K, "13.25% fixed")], "13.25% 固定",
  [L("2026-01-07", "rate 14.5% p.a."), L("2026-02-02", "still at 14.5%")])
q("HQ 那边现在谁是我的 contact，weekly report 发给谁？", "mixed", "temporal-update",
  [L("2026-04-07", "HQ 正式发文", "以后周报发赵磊"), L("2026-05-29", "周报发赵磊"), L("2026-06-26", "周报发赵磊"), L(P, "赵磊 — HQ")],
  "赵磊（非洲区项目管理部），抄送老何",
  [L("2026-01-16", "每周五发周报给海外事业部刘总"), L("2026-01-30", "周报发给海外事业部刘总")])
q("现在周六踢球是几点、在哪个场？", "zh", "temporal-update",
  [L("2026-05-09", "slot is now Saturdays 16:00")], "周六 16:00，Parklands Sports Club",
  [L("2026-01-10", "kick-off 07:30")])
q("What are Kajiado customers paying per kWh these days?", "en", "temporal-update",
  [L("2026-04-13", "KES 52/kWh for all residential"), L("2026-04-28", "switched to KES 52/kWh"), L("2026-05-20", "under the KES 52 tariff")],
  "KES 52/kWh from 1 May", [L("2026-01-13", "tariff of KES 60/kWh")])
q("暑假回长沙的 flight 现在是哪一班？", "mixed", "temporal-update",
  [L("2026-06-12", "改订 Ethiopian")], "ET 309 7/8 NBO→ADD + ET 684 → 长沙，7/9 15:40 到",
  [L("2026-05-29", "KQ 886 7 月 15 日 23:55")])
q("Kalobeyei 的 COD date 现在定在哪天？", "mixed", "temporal-update",
  [L("2026-06-09", "COD officially moved"), L(K, "COD: 10 Jul 2026")], "10 July 2026",
  [L("2026-01-05", "COD target 2026-04-30"), L("2026-01-16", "4 月 30 日 COD 不能变"), L("2026-03-25", "COD 先按 6 月 15 日"),
   L("2026-04-28", "keep 15 June on paper"), L("2026-05-29", "COD 目标 6 月 15 日")])

# ---------------- no-answer (9)
q("What's the Wi-Fi password at the Westlands office?", "en", "no-answer", [], "office is recorded, no Wi-Fi password")
q("What's David Ekai's mobile number?", "en", "no-answer", [], "no phone number recorded for David")
q("How many years of warranty does Kerui give on the KR-HV12K?", "en", "no-answer", [], "price/firmware recorded, no warranty")
q("妈妈最近血压多少？", "zh", "no-answer", [], "只记了妈妈的血糖，没有血压（血压是 Kai 自己的）")
q("乐乐新学校的校车几点来接？", "zh", "no-answer", [], "没有校车信息")
q("马查科斯站三月份卖了多少度电？", "zh", "no-answer", [], "只有 12 月 6,840 kWh")
q("小雯的 work permit 什么时候到期？", "mixed", "no-answer", [], "not recorded")
q("Kajiado phase 2 的 EPRA approval ref 是多少？", "mixed", "no-answer", [], "only the tariff ref and TRK-03 inspection cert exist")
q("HQ 代表团回国坐的哪个 flight？", "mixed", "no-answer", [], "only the arrival CZ 6043 is recorded")

assert len(Q) == 75, len(Q)
(SET / "queries.jsonl").write_text("".join(json.dumps(o, ensure_ascii=False) + "\n" for o in Q), encoding="utf-8")
print("wrote", len(Q))
