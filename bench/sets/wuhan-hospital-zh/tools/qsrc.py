# Query source: gold/stale given as (path, unique anchor substring); build.py resolves to line numbers.
D = "memory/"
Q = []
def q(query, lang, cat, gold, note, stale=None):
    Q.append(dict(query=query, lang=lang, category=cat, gold=gold, stale=stale or [], note=note))

# ---------------- exact (17) ----------------
q("What decision did ESCHF-26-0142 get in the end?", "en", "exact",
  [(D+"2026-03-26.md", "ESCHF-26-0142: rejected after review")], "rejected after review, 03-26")
q("Which kits were in the IP shipment logged with TempTale TT-7719204?", "en", "exact",
  [(D+"2026-03-18.md", "TT-7719204"), (D+"horizon-hf.md", "shipment #2 (03-18)")], "kits 100301–100316 (shipment #2)")
q("Which subject was given randomization number R-0391?", "en", "exact",
  [(D+"2026-03-24.md", "R-0391"), (D+"horizon-hf.md", "017-004: randomized 03-24 (R-0391)")], "017-004")
q("What time does MU2518 leave Wuhan?", "en", "exact",
  [(D+"2026-01-21.md", "MU2518")], "07:35 from 天河, arrives 虹桥 09:20")
q("What did CAPA-017-2606-01 commit us to?", "en", "exact",
  [(D+"2026-06-23.md", "CAPA-017-2606-01")], "re-consent tracker + CRC double check before every visit")
q("合同JJ-HT-260401-07的定金付了多少？", "zh", "exact",
  [(D+"2026-04-01.md", "JJ-HT-260401-07")], "定金50%，¥26,800")
q("C5327几点到汉口？", "zh", "exact",
  [(D+"2026-02-19.md", "C5327")], "15:44到汉口")
q("工单IT-20260115-0447报的是什么问题", "zh", "exact",
  [(D+"2026-01-15.md", "IT-20260115-0447")], "医生工作站开不了电子签名")
q("HBZC-2026-0417-3318是什么的受理号？", "zh", "exact",
  [(D+"2026-06-29.md", "HBZC-2026-0417-3318")], "副高职称申报材料提交的受理号")
q("京东订单2980331475562买的啥", "zh", "exact",
  [(D+"2026-01-27.md", "2980331475562")], "给爸买的欧姆龙电子血压计HEM-7136")
q("QS-8830419 是哪个 subject 的 central lab 单子？", "mixed", "exact",
  [(D+"2026-02-12.md", "017-003 signed ICF v2.1 at 10:05"), (D+"2026-02-12.md", "QS-8830419")], "017-003")
q("G508 是几点的 train，几点到北京西？", "mixed", "exact",
  [(D+"2026-05-18.md", "高铁G508"), (D+"2026-05-28.md", "G508明早07:58")], "07:58武汉 → 12:21北京西，5月29日")
q("poster HF-P-217 是在哪个 hall 展的？", "mixed", "exact",
  [(D+"2026-05-31.md", "Poster HF-P-217 presented")], "hall E2, 09:00–10:30")
q("LC-2606-0418 那份 report 里次卧 formaldehyde 多少？", "mixed", "exact",
  [(D+"2026-06-04.md", "LC-2606-0418")], "次卧0.11 mg/m³，超标（国标≤0.07）")
q("CA8218 那天 delay 了多久？", "mixed", "exact",
  [(D+"2026-05-31.md", "CA8218 delayed")], "晚点40分钟，21:25落地天河")
q("10.20.14.37 这个 IP 还能用吗？", "mixed", "exact",
  [(D+"2026-04-01.md", "心电工作站IP改成10.20.16.52")], "停用了，心电工作站改成10.20.16.52")
q("SAE-017-004-01 是几点 report 的？", "mixed", "exact",
  [(D+"2026-05-22.md", "SAE-017-004-01")], "05-21 22:40")

# ---------------- paraphrase (20) ----------------
q("Which hotel hosted that January get-together for all the trial doctors?", "en", "paraphrase",
  [(D+"2026-01-23.md", "Venue: Hilton")], "Hilton Shanghai Hongqiao, Ballroom B")
q("How did the inspection by the drug company end up — anything serious?", "en", "paraphrase",
  [(D+"2026-06-10.md", "Findings: 0 critical")], "0 critical, 1 major, 3 minor")
q("Why did the first journal say no to our paper?", "en", "paraphrase",
  [(D+"2026-03-26.md", "ESCHF-26-0142: rejected after review")], "single-centre, residual confounding (Reviewer 2)")
q("How much would publishing cost us at the second journal?", "en", "paraphrase",
  [(D+"2026-04-03.md", "APC USD 2,950")], "APC USD 2,950")
q("What's the dosing schedule for the study medicine — when do we go up?", "en", "paraphrase",
  [(D+"2026-01-23.md", "titration: 10 mg"), (D+"horizon-hf.md", "NVX-2817 oral once daily")], "10 mg, to 20 mg at Week 4 if SBP ≥ 100 and K+ ≤ 5.0")
q("Who is coming over to inspect us in early summer, and on which days?", "en", "paraphrase",
  [(D+"2026-05-08.md", "sponsor QA audit of site 017 planned")], "Jonas Richter, sponsor QA audit June 9–10")
q("桐桐课外辅导算术的那位，一个钟头收费几何？", "zh", "paraphrase",
  [(D+"2026-01-21.md", "数学补课孙老师")], "孙老师¥220/小时")
q("老公那台旧卡车多少钱入手的？", "zh", "paraphrase",
  [(D+"2026-01-15.md", "周磊买了辆二手")], "¥68,000，江铃凯运4.2米")
q("我母亲腿关节那个注射，每回花费是？", "zh", "paraphrase",
  [(D+"2026-05-02.md", "玻璃酸钠")], "¥380/针，一个疗程5针")
q("爸颈部血管里那块硬东西有多大？", "zh", "paraphrase",
  [(D+"2026-02-19.md", "颈动脉斑块")], "颈动脉斑块1.2cm")
q("过年小孩收到的红包总额？", "zh", "paraphrase",
  [(D+"2026-02-16.md", "压岁钱")], "¥5,600")
q("卫生间防渗漏测过关没有", "zh", "paraphrase",
  [(D+"2026-02-12.md", "闭水试验OK")], "闭水试验OK")
q("今年拿到手的年末奖励有几万？", "zh", "paraphrase",
  [(D+"2026-02-21.md", "年终奖到账")], "¥42,300税后")
q("Promotion 申报里，paper 只要拿到 journal 的接收函就行吗？", "mixed", "paraphrase",
  [(D+"2026-04-28.md", "acceptance letter")], "人事处说有录用通知（acceptance letter）也可以算")
q("春节前 monitor 来核对了多少页 source？发现的 issue 主要关于什么？", "mixed", "paraphrase",
  [(D+"2026-02-10.md", "SDV了17个page")], "17 page，4个query，都是合并用药日期")
q("那个 trial 病人 HF 加重住进来后，diuretic 怎么调的，还上了什么 inotrope？", "mixed", "paraphrase",
  [(D+"2026-05-22.md", "levosimendan")], "torsemide加量，levosimendan 24h")
q("最近给 reduced EF 的患者加的新药，starting dose 是多少？", "mixed", "paraphrase",
  [(D+"2026-06-25.md", "vericiguat")], "维立西呱（vericiguat）2.5mg起")
q("参加 study 的患者来一趟能报销多少路费？", "mixed", "paraphrase",
  [(D+"2026-03-26.md", "travel allowance")], "travel allowance ¥200 per visit")
q("导师对 paper 前言部分提了啥 advice？", "mixed", "paraphrase",
  [(D+"2026-01-27.md", "suggests adding subgroup")], "罗教授建议加亚组分析（subgroup analyses）")
q("Data capture 系统为啥在办公 PC 上打不开，browser 版本不够？", "mixed", "paraphrase",
  [(D+"2026-04-01.md", "EDC Medidata Rave")], "Rave要Chrome 120以上，科室电脑是109")

# ---------------- cross-language (15) ----------------
q("How much did each air purifier cost?", "en", "cross-language",
  [(D+"2026-04-16.md", "净化器4 Pro")], "¥1,398一台（小米4 Pro x2）")
q("What was Dad's daytime average on the ambulatory blood pressure monitor at the Spring Festival checkup?", "en", "cross-language",
  [(D+"2026-02-19.md", "日间均值154/92")], "154/92")
q("Which brand did we pick for the ducted air conditioner, and at what final price?", "en", "cross-language",
  [(D+"2026-02-24.md", "风管机定了美的")], "美的 MDS-H180W, ¥27,200")
q("What score did I get on the senior title exam?", "en", "cross-language",
  [(D+"2026-06-23.md", "412分")], "412 (pass mark 360)")
q("What formaldehyde reading did our own home test kit show?", "en", "cross-language",
  [(D+"2026-05-20.md", "甲醛自测")], "0.12 mg/m³, over the limit")
q("How much of the deposit on the old storage space came back?", "en", "cross-language",
  [(D+"2026-05-12.md", "吴家山押金")], "¥16,000 of ¥18,400")
q("Which nurse's team makes the discharge follow-up calls for the HF center?", "en", "cross-language",
  [(D+"2026-05-20.md", "随访电话交给护士长邓丽"), ("memory/people.md", "邓丽：护士长")], "护士长邓丽那组")
q("What's the number for the medical affairs head in Huangpi who stamps my grassroots-service letter?", "en", "cross-language",
  [(D+"2026-03-02.md", "肖科长 027-6128 3390"), ("memory/people.md", "肖科长：黄陂")], "肖科长 027-6128 3390")
q("第一个受试者肺炎住院，严重不良事件表几点发给安全部门的？", "zh", "cross-language",
  [(D+"2026-03-04.md", "SAE reported to Norvell safety")], "14:52, form SAE-017-001-01")
q("新来的监查员多久来一次？", "zh", "cross-language",
  [(D+"2026-03-06.md", "will monitor every 3 weeks"), ("memory/horizon-hf.md", "IMV every 3 weeks")], "每3周一次（以前是2周）")
q("稽查之后的整改计划什么时候要交？", "zh", "cross-language",
  [(D+"2026-06-10.md", "CAPA due 07-10")], "07-10")
q("投出去的第一篇稿子题目叫什么？", "zh", "cross-language",
  [(D+"2026-02-06.md", "Title:")], "SGLT2 inhibitor initiation during HF hospitalisation: a propensity-matched cohort from central China")
q("第一例受试者第四周复诊时血压多少，剂量加上去没有？", "zh", "cross-language",
  [(D+"2026-02-24.md", "up-titrated to 20 mg")], "SBP 108/66，加到20 mg")
q("修回稿里敏感性分析算出来的数值是多少？", "zh", "cross-language",
  [(D+"2026-06-15.md", "E-value computed")], "E-value 1.86")
q("中国区入组截止日期延到哪天了？", "zh", "cross-language",
  [(D+"2026-05-26.md", "China enrollment extended"), ("memory/horizon-hf.md", "enrollment window extended")], "2026-09-30")

# ---------------- temporal-update (14) ----------------
q("HORIZON-HF 的 weekly meeting 现在是周几几点？", "mixed", "temporal-update",
  [(D+"2026-04-14.md", "Weekly site meeting moved again"), ("memory/horizon-hf.md", "Weekly meeting: Thursday 12:30")],
  "每周四12:30，腾讯会议线上",
  stale=[(D+"2026-01-07.md", "every Wednesday 16:30"), (D+"2026-01-21.md", "Weekly meeting (Wed 16:30)"), (D+"2026-02-10.md", "改到每周四17:00")])
q("Who is our CRA on the trial now, and how do I reach them?", "en", "temporal-update",
  [(D+"2026-03-06.md", "handover to the new CRA"), ("memory/people.md", "郑凯：康拓临床CRA")],
  "郑凯, 186 2710 5538, kai.zheng@kangtuo-cro.com",
  stale=[(D+"2026-01-05.md", "CRA 刘畅")])
q("现在执行的 protocol 是哪个 version？", "mixed", "temporal-update",
  [(D+"2026-04-21.md", "伦理委员会批准Amendment 2"), ("memory/horizon-hf.md", "Protocol NVP-2817-301 v4.0")],
  "v4.0（Amendment 2），4月21日伦理批准生效",
  stale=[(D+"2026-01-05.md", "v3.0 (dated 2025-09-15)")])
q("我现在是星期几坐门诊？", "zh", "temporal-update",
  [(D+"2026-03-02.md", "医务处新门诊排班"), (D+"2026-03-10.md", "改约到周四下午")], "每周四下午（3月16日起）",
  stale=[(D+"2026-01-09.md", "门诊还是每周二上午"), (D+"2026-01-13.md", "周二上午门诊看了43个号")])
q("爸现在氨氯地平一天吃多少？", "zh", "temporal-update",
  [(D+"2026-02-19.md", "从5mg加到10mg"), (D+"2026-03-12.md", "爸吃10mg以后"), (D+"2026-03-30.md", "继续10mg"), (D+"2026-05-02.md", "氨氯地平10mg 28片")], "10mg qd",
  stale=[(D+"2026-01-13.md", "还在吃氨氯地平5mg")])
q("全屋定制最后是哪家 supplier 在做？", "mixed", "temporal-update",
  [(D+"2026-03-18.md", "定了：柜子换简居")], "简居全屋定制（换掉了木匠坊）",
  stale=[(D+"2026-01-09.md", "木匠坊定制报价")])
q("现在每个月房贷扣多少？", "zh", "temporal-update",
  [(D+"2026-03-04.md", "LPR重定价")], "¥6,651（3月起）",
  stale=[(D+"2026-02-21.md", "房贷还是每月")])
q("Which middle school is 桐桐 going to in September?", "en", "temporal-update",
  [(D+"2026-06-17.md", "定了：去对口公办东湖实验中学"), (D+"2026-06-29.md", "桐桐东湖实验中学7月3日"), ("memory/people.md", "9月上东湖实验中学")],
  "东湖实验中学 (public, catchment) after missing the 光谷育才 lottery",
  stale=[(D+"2026-01-05.md", "第一志愿民办光谷育才中学")])
q("新房 move-in 日期现在定的哪天？", "mixed", "temporal-update",
  [(D+"2026-06-08.md", "入住推到8月8日")], "8月8日（桐桐开学前）",
  stale=[(D+"2026-01-05.md", "计划五一前入住"), (D+"2026-03-20.md", "入住改到7月15日")])
q("Which journal is the SGLT2i manuscript sitting with now?", "en", "temporal-update",
  [(D+"2026-04-03.md", "Submitted to Frontiers"), (D+"2026-03-30.md", "转投Frontiers"), (D+"2026-06-02.md", "Frontiers 1587342: major revision")],
  "Frontiers in Cardiovascular Medicine (ID 1587342)",
  stale=[(D+"2026-01-13.md", "打算投ESC Heart Failure"), (D+"2026-02-06.md", "Submitted to ESC Heart Failure")])
q("周磊的 warehouse 现在在哪里？", "mixed", "temporal-update",
  [(D+"2026-05-12.md", "新地址：新洲区阳逻街"), ("memory/people.md", "仓库5月10日起在阳逻")],
  "新洲区阳逻街平江大道88号3号库",
  stale=[(D+"2026-01-05.md", "吴家山仓库租约")])
q("我现在固定哪天值夜班", "zh", "temporal-update",
  [(D+"2026-03-30.md", "我的夜班从每周五改成每周日")], "每周日（二线），4月起",
  stale=[(D+"2026-01-09.md", "我固定每周五夜班"), (D+"2026-03-06.md", "今晚周五夜班")])
q("甲状腺结节的 follow-up 现在该找哪个医生？", "mixed", "temporal-update",
  [(D+"2026-04-23.md", "陈敏医生下月起援疆"), ("memory/people.md", "吴晓峰：甲乳外科副主任")],
  "吴晓峰副主任（陈敏援疆），9月复查",
  stale=[(D+"2026-01-29.md", "约了甲乳外科陈敏医生"), (D+"2026-03-16.md", "陈医生说9月再约")])
q("我办公室的 extension 现在是多少？", "mixed", "temporal-update",
  [(D+"2026-06-02.md", "我的分机由8823改为8861")], "8861（15楼1508）",
  stale=[(D+"2026-01-19.md", "我办公室分机8823")])

# ---------------- no-answer (9) ----------------
q("What's the Wi-Fi password in the 14th-floor teaching room?", "en", "no-answer", [], "not recorded")
q("What's Dr. Anna Keller's phone number?", "en", "no-answer", [], "not recorded (only the safety mailbox is noted)")
q("What was the hotel confirmation number for the Shanghai investigator meeting?", "en", "no-answer", [], "not recorded (only the Beijing hotel's 87214409)")
q("桐桐的钢琴老师叫什么？", "zh", "no-answer", [], "没记（只记了课改到周五晚7点）")
q("妈打玻璃酸钠是哪个医生给打的？", "zh", "no-answer", [], "没记医生名字")
q("光谷新房的物业费每平米多少钱？", "zh", "no-answer", [], "没记（只有物业装修押金¥3,000）")
q("017-007 拿的 kit number 是多少？", "mixed", "no-answer", [], "没记（只记了R-0533）")
q("中国心衰大会的 registration fee 交了多少？", "mixed", "no-answer", [], "没记")
q("高峰的 mobile 号码是多少？", "mixed", "no-answer", [], "没记")
