import json, pathlib
ROOT = pathlib.Path(__file__).resolve().parent.parent
WS = ROOT / "workspace"

def find(path, sub):
    lines = (WS / path).read_text(encoding="utf-8").splitlines()
    hits = [i + 1 for i, l in enumerate(lines) if sub in l]
    assert len(hits) == 1, (path, sub, hits)
    return hits[0]

def R(path, sub, sub2=None):
    if not path.startswith("memory/") and path != "MEMORY.md":
        path = f"memory/{path}.md" if path[0].isdigit() else f"memory/{path}"
    s = find(path, sub)
    e = find(path, sub2) if sub2 else s
    return {"path": path, "startLine": s, "endLine": e}

Q = []
def q(query, lang, cat, gold, note, stale=None):
    o = {"id": f"q{len(Q)+1:03d}", "query": query, "lang": lang, "category": cat, "gold": gold}
    if stale is not None:
        o["stale"] = stale
    o["note"] = note
    Q.append(o)

# ---------------- exact ----------------
q("TL-214 是什麼 bug", "zh", "exact", [R("2026-02-20", "New bug TL-214")], "ticket key; save corruption under Unity 6")
q("When did we sign KI-2026-017?", "en", "exact", [R("2026-04-10", "contract no. KI-2026-017"), R("MEMORY.md", "#KI-2026-017")], "contract number, signed 2026-04-10")
q("what is TAICCA-115-0398", "en", "exact", [R("2026-03-02", "TAICCA-115-0398")], "grant application receipt number")
q("Kenji 搭的 NH853 哪天到松山", "mixed", "exact", [R("2026-01-12", "NH853")], "flight number; distractors CI100/CI101/JX800")
q("JX800 幾點起飛", "zh", "exact", [R("2026-05-13", "Starlux JX800")], "flight number, 08:20 TPE")
q("3287420 是哪個 app id", "zh", "exact", [R("MEMORY.md", "demo 3287420"), R("tidelamp-launch.md", "demo App ID 3287420")], "demo app id vs main 3287410")
q("which ticket did 6000.0.47f1 fix", "en", "exact", [R("2026-05-06", "Jerry upgraded main from", "TL-412 gone")], "engine patch version fixed TL-412 (Deck IL2CPP crash)")
q("TL-455 最後怎麼修好的", "zh", "exact", [R("2026-05-26", "TL-455 fixed")], "JP font atlas rebuilt")
q("TGS 攤位 I-112 在幾樓", "zh", "exact", [R("2026-01-16", "編號 I-112")], "booth number; 南港一館 4 樓")
q("what is build 1192", "en", "exact", [R("2026-06-24", "build 1192"), R("tidelamp-launch.md", "build 1192")], "release build 1.0.0; distractors build 1187 / 1121 / 1104")
q("Who is Aya Kimura?", "en", "exact", [R("2026-04-27", "Aya Kimura"), R("people.md", "Aya Kimura")], "Ringo Localization PM")
q("Intel UHD 620 crashes in PT2 — what did Jerry do about it", "en", "exact", [R("2026-03-13", "UHD 620")], "low-spec fog setting")
q("小安的 Wacom Intuos Pro M 多少錢", "mixed", "exact", [R("2026-01-07", "Wacom Intuos Pro M")], "NT$ 11,900")
q("e.max 全瓷牙冠報價多少", "mixed", "exact", [R("2026-02-25", "e.max")], "NT$ 22,000 vs zirconia 16,000")
q("麻糬什么时候开始吃 Hill's c/d", "mixed", "exact", [R("2026-03-09", "Hill's c/d Multicare")], "simplified query; switched 3/9 after the ER visit")
q("What's TL-503?", "en", "exact", [R("2026-06-22", "TL-503"), R("tidelamp-launch.md", "TL-503"), R("2026-06-29", "fixes TL-503")], "achievement bug, fixed in 1.0.1")
q("Noto Sans JP 的 subset 包了幾個字", "mixed", "exact", [R("2026-05-18", "Noto Sans JP")], "2,000 common characters")
q("顺心搬家最后花了多少", "zh", "exact", [R("2026-03-16", "順心搬家 NT$ 12,500"), R("2026-03-18", "搬家公司選順心"), R("2026-04-18", "費用 NT$ 12,500")], "simplified query; 12,500 + 1,500 stairs; distractor 大發 14,800")

# ---------------- paraphrase ----------------
q("How much quicker was the Unity 6 engine on our older graphics card?", "en", "paraphrase", [R("2026-01-29", "GPU Resident Drawer")], "+18% fps on GTX 1060")
q("Which magazines and sites did she speak with while abroad?", "en", "paraphrase", [R("2026-05-21", "Interviews: Famitsu")], "Famitsu, 4Gamer, a YouTuber")
q("Who controls our storefront listing under the publishing deal?", "en", "paraphrase", [R("2026-04-10", "Steam page ownership")], "stays with Mistlamp, Kumo admin access")
q("Does the publisher contract force us to build a follow-up game?", "en", "paraphrase", [R("2026-04-10", "Sequel: no obligation")], "no sequel obligation")
q("How did the audience react when the new video debuted at the showcase?", "en", "paraphrase", [R("2026-05-21", "Trailer v3 premiered")], "chat all kawaii + whale emojis")
q("How many units had we moved by the Monday after release?", "en", "paraphrase", [R("2026-06-29", "Sales after 4 days")], "7,900 copies")
q("Why did the cheaper translation agency get dropped?", "en", "paraphrase", [R("2026-04-27", "Kotoba Loc (our JP vendor")], "Kotoba couldn't deliver before 6/20")
q("Any timeline for the Nintendo version?", "en", "paraphrase", [R("2026-06-29", "Switch port kickoff"), R("2026-05-21", "4Gamer asked about Switch")], "kickoff in July, no date to announce")
q("How long does the deal with the Tokyo label run?", "en", "paraphrase", [R("2026-04-10", "Term: 5 years")], "5 years")
q("Which machines kept falling over during the closed beta?", "en", "paraphrase", [R("2026-03-11", "Crash rate 2.1% of sessions"), R("2026-03-13", "UHD 620")], "Intel iGPU laptops / UHD 620")
q("What was the top audience count during the founder's live broadcast?", "en", "paraphrase", [R("2026-06-16", "peak 620 viewers")], "620 viewers")
q("我們新地方一個月房租多少?", "zh", "paraphrase", [R("2026-03-16", "月租 NT$ 48,000"), R("2026-03-04", "月租 NT$ 48,000")], "NT$48,000; distractor 南京東路 55,000 and coworking 36,000")
q("那顆新做的牙套如果裂掉,多久內可以免費處理?", "zh", "paraphrase", [R("2026-04-23", "保固五年")], "crown warranty five years")
q("貓咪半夜看病那次付了多少錢", "zh", "paraphrase", [R("2026-03-09", "急診費")], "NT$ 3,850; distractors vaccine 1,650 and check-up 1,200")
q("前任社群負責人跳槽到哪", "zh", "paraphrase", [R("2026-03-18", "新加坡一家做 cozy game"), R("people.md", "蔡佩君 Peggy")], "Peggy went to a Singapore studio")
q("工作室裡的架子跟牆是誰施工的", "zh", "paraphrase", [R("2026-03-16", "阿德 (木工)"), R("people.md", "阿德 — 木工師傅"), R("2026-04-07", "阿德 做木工"), R("2026-04-13", "阿德 明天開始做層板"), R("2026-04-15", "阿德 說層板明天做完")], "carpenter 阿德")
q("上市那晚的宵夜是什麼", "zh", "paraphrase", [R("2026-06-24", "雞排跟珍奶")], "fried chicken + bubble tea")
q("遊戲裡那個港口名稱,日版決定怎麼寫", "zh", "paraphrase", [R("2026-05-23", "保留漢字")], "keep the kanji for 霧港")
q("文策院那筆錢最晚何時要結算交代", "zh", "paraphrase", [R("2026-05-29", "結案報告期限")], "final report due 2027-03-31")
q("傍晚幫 Tina 點拿鐵可以嗎", "zh", "paraphrase", [R("MEMORY.md", "咖啡只喝美式")], "only americano, nothing after 3 pm")

# ---------------- cross-language ----------------
q("What did the vet find in the cat's bladder?", "en", "cross-language", [R("2026-03-09", "鳥糞石結晶")], "struvite crystals; gold in Chinese")
q("Who referred me to the root canal specialist?", "en", "cross-language", [R("2026-01-09", "轉介仁愛路")], "林醫師 referred to 周醫師")
q("How much was the moving company's final bill?", "en", "cross-language", [R("2026-04-18", "費用 NT$ 12,500")], "12,500 + 1,500 stairs")
q("How fast is the new office internet in practice?", "en", "cross-language", [R("2026-04-18", "940 Mbps")], "940 Mbps measured")
q("What did the students at the third test session complain about?", "en", "cross-language", [R("2026-06-01", "現場的大學生")], "upgrades too cheap")
q("What souvenirs is Tina bringing for the publisher?", "en", "cross-language", [R("2026-05-08", "伴手禮")], "pineapple cakes + oolong tea")
q("What did the grant approval come to?", "en", "cross-language", [R("2026-05-29", "核定 NT$ 1,200,000")], "NT$1.2M of 1.5M requested")
q("What were Tina's priorities for the first quarter?", "en", "cross-language", [R("2026-01-05", "Q1 三件事")], "publisher, TGS booth, Unity 6 evaluation")
q("Who will handle the social announcements on launch night?", "en", "cross-language", [R("2026-06-24", "小魚 負責 Discord")], "小魚, trilingual")
q("新加坡那家發行商最早開什麼條件", "zh", "cross-language", [R("2026-01-07", "Offer: 65/35")], "Brightpine first offer")
q("第二次测试最后有多少人报名", "zh", "cross-language", [R("2026-03-13", "Final: 1,020 sign-ups"), R("2026-03-06", "1,020 sign-ups so far")], "simplified query; 1,020 sign-ups")
q("東京那場直播時日本的願望清單多了多少", "zh", "cross-language", [R("2026-05-21", "JP wishlists jumped")], "~1,500")
q("开发者直播的时候猫做了什么", "zh", "cross-language", [R("2026-06-16", "walked across the keyboard")], "simplified query; cat walked across the keyboard")
q("阿哲新的存檔格式用什麼", "zh", "cross-language", [R("2026-02-04", "JSON + checksum")], "JSON + checksum")
q("她在東京台上講五分鐘,對方怎麼評價英文", "zh", "cross-language", [R("2026-05-21", "5-min talk")], "very clear")

# ---------------- temporal-update ----------------
q("What's the launch date for Tidelamp?", "en", "temporal-update",
  [R("2026-04-02", "Tidelamp launches Thursday"), R("2026-04-02", "June 25, 2026"), R("2026-04-13", "上市日改 6/25"), R("2026-04-15", "上市日已經是 6/25"),
   R("2026-06-22", "上市日再確認一次"), R("MEMORY.md", "上市: 2026-06-25"), R("tidelamp-launch.md", "Launch: 2026-06-25")],
  "5/14 moved to 6/25 10:00 PDT", stale=[R("2026-01-05", "上市日暫定 2026-05-14")])
q("《潮燈》現在定價多少", "zh", "temporal-update",
  [R("2026-04-21", "OK to US$17.99"), R("2026-06-24", "Price locked"), R("MEMORY.md", "Price: US$17.99"), R("tidelamp-launch.md", "Price: US$17.99")],
  "14.99/NT$380 raised to 17.99/NT$460", stale=[R("2026-01-20", "US$14.99, Taiwan NT$380")])
q("Which Unity version are we on now?", "en", "temporal-update",
  [R("2026-05-06", "Jerry upgraded main from"), R("2026-05-06", "We stay on 6000.0.47f1"), R("MEMORY.md", "currently 6000.0.47f1"), R("tidelamp-launch.md", "Engine: Unity 6000.0.47f1")],
  "2022.3.41f1 -> 6000.0.32f1 -> 6000.0.47f1", stale=[R("2026-01-29", "2022.3.41f1 today"), R("2026-02-20", "main is officially on Unity 6000.0.32f1")])
q("新办公室在哪条路上", "zh", "temporal-update",
  [R("2026-03-04", "松山區富錦街"), R("2026-03-16", "富錦街辦公室租約簽了"), R("2026-04-18", "全部搬到富錦街"), R("MEMORY.md", "Office: 松山區富錦街"), R("people.md", "富錦街辦公室房東"), R("2026-04-21", "First full day of real work")],
  "simplified query; 南京東路五段 fell through, 富錦街", stale=[R("2026-02-02", "南京東路五段 188"), R("2026-02-10", "決定要南京東路五段")])
q("我们办公室是哪天搬的", "zh", "temporal-update",
  [R("2026-03-04", "新搬家日"), R("2026-03-16", "搬家 4/18"), R("2026-04-07", "4/18 搬"), R("2026-04-18", "## 09:00 搬家日"), R("MEMORY.md", "since 2026-04-18")],
  "simplified query; 4/1 moved to 4/18", stale=[R("2026-02-10", "搬家日先抓 4/1")])
q("Who's our community manager now?", "en", "temporal-update",
  [R("people.md", "何語彤 小魚 — community manager"), R("MEMORY.md", "小魚 何語彤 — community manager"), R("2026-04-13", "今天第一天", "交接:Peggy")],
  "Peggy left 3/31, 小魚 since 4/13", stale=[R("2026-01-16", "Peggy 是我們的 community 窗口")])
q("週會現在是星期幾幾點", "zh", "temporal-update",
  [R("2026-04-21", "From 4/28 the weekly meeting"), R("MEMORY.md", "週會:週二 14:00"), R("2026-04-28", "第一次週二週會")],
  "Mon 10:00 -> Tue 14:00", stale=[R("2026-01-05", "週會固定週一 10:00")])
q("麻糬现在吃哪个牌子的饲料", "zh", "temporal-update",
  [R("2026-03-09", "Hill's c/d Multicare"), R("2026-06-08", "繼續吃 Hill's c/d"), R("MEMORY.md", "吃 Hill's c/d")],
  "simplified query; Royal Canin -> Hill's c/d", stale=[R("2026-01-14", "飼料照舊 Royal Canin")])
q("Kumo 的分成比例是多少", "mixed", "temporal-update",
  [R("2026-04-10", "Rev share final"), R("2026-03-06", "Rev share: 60/40 until recoup"), R("2026-03-20", "70/30 after recoup"), R("MEMORY.md", "Rev share 70/30")],
  "60/40 draft -> 70/30 after recoup", stale=[R("2026-01-12", "Offer draft: 60/40"), R("2026-02-13", "Kumo still at 60/40")])
q("東京去程搭哪班飛機", "zh", "temporal-update",
  [R("2026-05-13", "Starlux JX800")], "CI100 on 5/19 rebooked to JX800 on 5/20", stale=[R("2026-05-08", "華航 CI100")])
q("日文在地化現在給哪家做", "zh", "temporal-update",
  [R("2026-04-27", "Yuki recommended Ringo", "Tina: \"switch."), R("people.md", "Ringo Localization — 日文在地化")],
  "Kotoba Loc -> Ringo Localization", stale=[R("2026-01-29", "Kotoba Loc is our vendor")])
q("Who's looking after the cat while I'm in Tokyo?", "en", "temporal-update",
  [R("2026-05-15", "改找到府貓保母"), R("MEMORY.md", "出差時貓保母"), R("people.md", "阿May — 到府貓保母")],
  "Vivian -> 阿May", stale=[R("2026-05-11", "Vivian 說可以幫忙顧麻糬")])
q("How many wishlists do we have now?", "en", "temporal-update",
  [R("2026-06-26", "上市前 WL 31,800")], "latest WL figure 31,800",
  stale=[R("2026-06-22", "WL 目前 27,450"), R("2026-05-26", "WL 14,200"), R("2026-03-27", "WL 8,900"), R("2026-01-05", "目前 WL 3,200")])
q("NF demo 最後是哪個版本", "mixed", "temporal-update",
  [R("2026-06-04", "Demo is now 0.9.4"), R("2026-06-04", "so 0.9.4 is the Next Fest demo"), R("2026-06-08", "NF demo 0.9.4"), R("2026-06-12", "Demo 0.9.4 在 Steam 後台")],
  "target 0.9.2 -> 0.9.4 shipped", stale=[R("2026-04-02", "target build 0.9.2"), R("2026-04-28", "Demo 0.9.2:")])

# ---------------- no-answer ----------------
q("新辦公室的 Wi-Fi 密碼是多少", "zh", "no-answer", [], "only a Wi-Fi dead zone is noted")
q("How much did we pay Marcus for the soundtrack?", "en", "no-answer", [], "OST DLC price exists, Marcus's fee is never recorded")
q("麻糬的晶片號碼是多少", "zh", "no-answer", [], "vaccines and weight recorded, no microchip number")
q("What's the Korean price on Steam?", "en", "no-answer", [], "US/TW/JP prices only; Korean delayed to 1.1")
q("周醫師診所電話幾號", "zh", "no-answer", [], "clinic and road known, no phone")
q("小鱼的月薪是多少", "zh", "no-answer", [], "simplified; Peggy's new pay mentioned vaguely, 小魚's salary never")
q("Which hotel did Tina book in Kyoto for BitSummit?", "en", "no-answer", [], "BitSummit mentioned; only a Tokyo hotel exists")
q("Kenji 回東京搭哪班飛機", "mixed", "no-answer", [], "only his inbound NH853 is recorded")

with open(ROOT / "queries.jsonl", "w", encoding="utf-8") as f:
    for o in Q:
        f.write(json.dumps(o, ensure_ascii=False) + "\n")
print(len(Q))
