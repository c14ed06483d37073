import pathlib
base=pathlib.Path(__file__).resolve().parent
adds=[
("- 爸出院回家一个多礼拜了，又讲脚肿，建红讲下礼拜再去中心医院复查。",
 "- 妈讲爸晚上睡觉要垫两个枕头，躺平就喘。"),
("- EK 303 浦东→迪拜，座位 38A。阿芬明早 05:30 在 T3 接。",
 "- 带了金姐两个样品 JM-F45、JM-S6 放在行李里，还有妈做的霉干菜。"),
("- Truck needs the SABER SC copy in the cab; printed 2 copies.",
 "## 19:00 home\n- 可凡 happy to be back with the same class; 阿芬 relieved about the bus."),
("- 他问可凡读书好不好，我讲还是原来那个学校。",
 "- 妈讲护工陈阿姨走了，现在她自己照顾，建红每天下班过来。"),
("- Ankles a bit swollen in the evening; will tell Menon on 6 May.",
 "- 阿芬 says less salt in dinner from now, no more 咸菜 with rice."),
("- Faisal quote Jebel Ali → Mombasa 20GP USD 1,150 via MSC.",
 "- Gulf Star quoted USD 1,090 last year for the same lane, but no more Rahul."),
("- Pharmacy Aster Mirdif, AED 96 after insurance.",
 "- Insurance card for the kids is Daman, policy renews in September."),
("- Didn't drink, only tea; 阿强 laughed at me.",
 "- 阿强讲他老婆七月也带孩子回义乌，问我们哪天的飞机。"),
("- 可凡 讲 Flixotide 难吃，阿芬讲要坚持六个礼拜。",
 "- Shop Wi-Fi moved to the new router too, Ramesh has the details."),
("- GY-2026-007 + 金姐 goods loaded in Ningbo, ONE container TCNU5520873, ETA Jebel Ali 22 May.",
 "- 老周 sent the B/L copy by WeChat; Faisal has it."),
("- 晚上跟阿芬在 International City 走了 40 分钟。",
 "- 阿芬讲暑假回去顺便带可欣去看牙。"),
("- 可凡 asks again for a PlayStation, answer still no.",
 "- 阿芬 packed her a lunch box, 可欣 nervous about the speech."),
("- Eid dinner at home, 阿强 family came; lamb from Al Aweer market, AED 1,100.",
 "- 可凡 and 阿强's son played FIFA till midnight.\n- Ramesh back on 29 May."),
("- Next review in September before school.",
 "- She says keep the inhaler in his school bag always."),
("- 爸讲等孙子孙女回来要去佛堂老街走走。",
 "- 妈讲今年杨梅好，等我们回去正好吃。"),
("- Dragon Mart AC weak in our unit; Nakheel maintenance ticket NKM-26-55120.",
 "- Customers leave fast in the heat; put two standing fans at the door.\n## 21:00\n- 阿芬 checked the trip list: passports, Emirates ID copies, gifts."),
("- 给建红带一个 Omron 血压计，跟我那个一样。",
 "- 可欣 packing her own suitcase already."),
]
for f in sorted(base.glob('p*.txt')):
    t=f.read_text(encoding='utf-8')
    for old,new in adds:
        if old+"\n" in t:
            assert t.count(old+"\n")==1,old
            t=t.replace(old+"\n",old+"\n"+new+"\n")
    f.write_text(t,encoding='utf-8')
