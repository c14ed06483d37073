# ---------- exact ----------
q('exact','en',"What was the bill of entry number for container TGHU8812047?",
  [('2026-03-30','TGHU8812047 arrived')],"101-26-0058214, cleared by Faisal in 1 day")
q('exact','en',"Which order did the PVoC certificate KEN-ITS-26-00417 cover?",
  [('2026-02-18','KEN-ITS-26-00417')],"KE-0114 (Kenya, Intertek inspection passed)")
q('exact','en',"how much demurrage did we eat on TCLU4418250",
  [('2026-03-02','TCLU4418250','demurrage AED 3,600'),('2026-04-27',"Rahul's demurrage AED 3,600")],"AED 3,600, Rahul missed the VGM")
q('exact','en',"Who is on ext 5520?",
  [('2026-01-26','ext 5520'),(PE,'ext 5520')],"Hind Al Suwaidi, JAFZA leasing")
q('exact','en',"What came out of the burn test on the samples that came by DHL 4471 2290 63?",
  [('2026-02-10','DHL 4471 2290 63 delivered')],"8 hours no flicker, 3,620 lm")
q('exact','zh',"PO-JM-0323 这单金姐的收纳箱多少钱一个？",
  [('2026-03-23','PO-JM-0323')],"45L 收纳箱 ¥14.5，1,200 个")
q('exact','zh',"G7505 那趟车几点到义乌，坐的几车几座？",
  [('2026-03-14','G7505 虹桥→义乌')],"19:20 到，7 车 12F")
q('exact','zh',"订座号 EK-KZ7Q4M 那张票多少钱？",
  [('2026-03-09','EK-KZ7Q4M')],"单程 AED 2,140")
q('exact','zh',"ML-PO-0202 这张单后来怎么处理的？",
  [('2026-02-04','ML-PO-0202 暂停')],"暂停，没发给陈老板")
q('exact','zh',"IQ-0518 的定金收了多少？",
  [('2026-05-18','IQ-0518')],"50% 定金 USD 19,500")
q('exact','mixed',"SBR-26-120977 是哪个型号的 SABER application？",
  [('2026-05-21','SBR-26-120977')],"GYL-P6060-48W, Imran applying")
q('exact','mixed',"Ejari 2026041187230 是哪个 contract 的？",
  [('2026-04-03','签了店铺续约','2026041187230')],"Dragon Mart 店铺 DM1 B-112 续约")
q('exact','mixed',"Khalid & Partners 的 Sandeep Rao，他的 email 跟分机是什么？",
  [('2026-05-08','sandeep.rao@'),(PE,'sandeep.rao@')],"ext 27, sandeep.rao@khalidpartners.ae")
q('exact','mixed',"店里 NVR 192.168.1.64 的 firmware 是哪个 version？",
  [('2026-01-30','192.168.1.64')],"V4.30.005 (Hikvision DS-7608)")
q('exact','mixed',"GY-2026-003 的尾款付了多少 USD？",
  [('2026-03-09','尾款 8,295')],"USD 8,295, paid 9 Mar")
q('exact','mixed',"INV-DM-0455 是谁的 order，几块 panel？",
  [('2026-04-07','INV-DM-0455')],"Said, 1,200 GYL panels at AED 21")
q('exact','mixed',"TT-MSQ-260603-02 那笔 transfer 是付什么的？",
  [('2026-06-03','下 PO GY-2026-011','TT-MSQ-260603-02')],"光耀 PO GY-2026-011 的 30% 定金 USD 7,650")
# ---------- paraphrase ----------
q('paraphrase','en',"How did the first batch from the new factory look when it landed, any damp boxes or blinking units?",
  [('2026-03-30','0 wet, 0 flicker')],"3,000 counted, 0 wet, 0 flicker in sample")
q('paraphrase','en',"Who deals with the port formalities on the Iraqi side for my customer there?",
  [('2026-01-23',"clearing agent in Basra"),(PE,'his clearing agent Mustafa')],"Mustafa, +964 780 221 5590")
q('paraphrase','en',"What were my lab numbers for lipids and glucose at the March checkup?",
  [('2026-03-04','LDL 3.9')],"LDL 3.9, HbA1c 5.8")
q('paraphrase','en',"What rates did the new forwarder offer when he first phoned me?",
  [('2026-03-04','called back: clearing AED 850')],"AED 850 per container, DO at cost, no hidden fees")
q('paraphrase','en',"How long did the new customs broker take to release the first box he handled, and what did he bill?",
  [('2026-03-30','cleared it in 1 day')],"1 day, AED 850")
q('paraphrase','en',"Where and when does the kids' coach collect them each morning?",
  [('2026-04-01','Bus route 14')],"route 14, 06:35 at China cluster C-08")
q('paraphrase','zh',"爸头回住院，晚间请人照看，工钱怎么算的？",
  [('2026-01-09','夜里请了护工')],"护工一天 280 块")
q('paraphrase','zh',"金姐那边原材料贵了以后，大号储物盒现在什么价？",
  [('2026-03-18','PP 料涨了 6%'),('2026-03-23','PO-JM-0323')],"45L ¥14.5（以前 ¥13.7）")
q('paraphrase','zh',"老爸从病房回家带了哪几样药？",
  [('2026-03-23','带药：呋塞米')],"呋塞米、螺内酯、沙库巴曲缬沙坦")
q('paraphrase','zh',"表哥推荐的那家浙江灯厂，老板叫什么？",
  [('2026-02-04','阿强讲宁波余姚光耀电器'),('2026-02-06','黄总（黄立新）'),(PE,'黄总（黄立新）')],"光耀电器 黄总 黄立新")
q('paraphrase','zh',"封斋那个月，店员里那个福州姑娘想排哪个时段？",
  [('2026-02-06','小梅讲斋月'),('2026-02-18','小梅上晚班')],"小梅只上晚班")
q('paraphrase','zh',"爸的心脏射血分数最近恢复到多少？",
  [('2026-05-13','EF 从 30%')],"EF 从 30% 升到 36%")
q('paraphrase','mixed',"那个 TÜV guy 帮 Abdullah 弄证书，charge 多少一个型号？",
  [('2026-01-30','SAR 2,800')],"Imran Sheikh, SAR 2,800 per model, 3-4 weeks")
q('paraphrase','mixed',"去年 Q4 的 tax 最后要交多少 to the government？",
  [('2026-01-28','payable AED 14,230')],"VAT payable AED 14,230")
q('paraphrase','mixed',"Saudi 那批 2,000 片的货款 came in 多少？",
  [('2026-04-29','SA-0401 paid AED 47,000')],"AED 47,000")
q('paraphrase','mixed',"GP 那次看我脚踝肿，what did he decide on the pills？",
  [('2026-05-06','Ankle swelling mild')],"stay on 10mg, nothing else")
q('paraphrase','mixed',"新仓库的 shelving 是几排几层，who put it up？",
  [('2026-05-26','Rack Masters 验收'),(JM,'racking installed by Rack Masters')],"Rack Masters, 6 排 4 层")
q('paraphrase','mixed',"去年十二月对账，少了哪两张 bill，后来在哪找到的？",
  [('2026-01-28','INV-DM-0398')],"INV-DM-0398 和 INV-DM-0401, in WhatsApp")
q('paraphrase','mixed',"Nairobi 那单出货前的检验 cost 多少？",
  [('2026-01-14','fee about USD 310')],"Intertek, about USD 310")
q('paraphrase','mixed',"Ningbo to Dubai 一个 high cube 的 ocean freight 最近什么价？",
  [('2026-03-18','40HQ 现在 USD 1,850'),('2026-04-24','运费 USD 1,850')],"USD 1,850 per 40HQ")
# ---------- cross-language ----------
q('cross-language','en',"What was dad's creatinine when he went back into hospital in March?",
  [('2026-03-09','肌酐 210')],"210")
q('cross-language','en',"Which bed was dad in when I got to the CCU?",
  [('2026-03-14','CCU 3 床')],"CCU bed 3")
q('cross-language','en',"What warranty and frame thickness did the Yuyao factory offer on their sample?",
  [('2026-02-06','铝框 0.6mm')],"0.6mm aluminium frame, 3-year warranty")
q('cross-language','en',"When is dad's next follow-up, and can they cut back one of his drugs then?",
  [('2026-06-15','7 月 8 号去浙大四院')],"8 Jul at 浙大四院, can reduce furosemide")
q('cross-language','en',"On moving day how did my wife and I split up?",
  [('2026-05-26','她在旧仓点数')],"阿芬 counts at old unit, Jimmy receives at new")
q('cross-language','en',"What did mum say about bringing dad over to Dubai?",
  [('2026-03-23','迪拜太热'),(PE,'不肯来迪拜')],"too hot, dad can't take a 9-hour flight")
q('cross-language','en',"How much was the fee when I changed my March flight to an earlier one?",
  [('2026-03-11','改签费 AED 450')],"AED 450")
q('cross-language','en',"What exchange rate did my wife use when she paid the home-goods lady her balance, and how much was it?",
  [('2026-05-11','1.96')],"1 AED = 1.96 RMB, ¥21,700")
q('cross-language','zh',"沙特那个认证证书号是多少，有效期多久？",
  [('2026-03-20','26-SC-0439821')],"SC 26-SC-0439821, 一年")
q('cross-language','zh',"银行的贸易融资额度续了多少，利率怎么算？",
  [('2026-02-25','limit renewed at AED 600,000')],"AED 600,000, EIBOR + 3.25%")
q('cross-language','zh',"去年全年营业额跟净利润是多少？",
  [('2026-06-22','2025 revenue')],"AED 4.86M, 净利 AED 412,000")
q('cross-language','zh',"新仓库的网络路由器 IP 是多少？",
  [('2026-05-18','router IP 10.0.8.1'),(JM,'router 10.0.8.1')],"10.0.8.1 (du)")
q('cross-language','zh',"可凡看哮喘的医生讲暑假停哪个药？",
  [('2026-06-10','stop Flixotide')],"停 Flixotide，Ventolin 需要时用")
q('cross-language','zh',"企业所得税那个年度申报截止是哪天？",
  [('2026-04-23','corporate tax return for FY2025')],"30 Sep 2026")
q('cross-language','zh',"旧仓库的押金什么时候退？退多少？",
  [('2026-06-01','deposit AED 6,000 refund'),(JM,'S3-G07 deposit AED 6,000')],"AED 6,000, within 30 days (pending)")
# ---------- temporal-update ----------
q('temporal-update','en',"Who's my freight agent these days?",
  [('2026-03-11','all clearing + forwarding now goes to Faisal'),(PE,'Freight + clearing: Faisal')],"Faisal Qureshi, Al Noor Logistics (was Rahul, Gulf Star)",
  [('2026-01-19','Freight agent: Rahul Nair')])
q('temporal-update','mixed',"Monday 的 staff meeting 现在几点开？",
  [('2026-04-20','From today the Monday staff meeting is at 10:00'),('2026-06-29','Monday 10:00 meeting')],"Monday 10:00 (was Sat 09:00, then Mon 08:30)",
  [('2026-01-05','every Saturday 09:00'),('2026-02-10','every Monday 08:30'),('2026-03-16','Monday meeting done at 08:30')])
q('temporal-update','zh',"36W 面板现在是从哪家拿货的？",
  [('2026-02-12','以后从光耀拿'),(PE,'二月起主力供应商')],"宁波余姚光耀电器 黄总（以前是明亮照明陈老板）",
  [('2026-01-12','陈老板（中山古镇明亮照明）报二月单')])
q('temporal-update','mixed',"光耀 36W panel 现在 FOB price 多少？",
  [('2026-05-04','涨到 4.10 美金'),('2026-06-03','36W 5,000 块，4.10')],"USD 4.10 since 1 May (was 3.95)",
  [('2026-02-06','报价 FOB 宁波 3.95'),('2026-02-12','at USD 3.95 FOB Ningbo'),('2026-04-20','PO GY-2026-007')])
q('temporal-update','zh',"爸现在心脏是哪个医生在管？",
  [('2026-04-09','以后爸的心脏就由李主任管'),(PE,'李文斌主任管')],"浙大四院 李文斌主任（以前中心医院王主任）",
  [('2026-01-09','主治是王主任')])
q('temporal-update','en',"What dose of amlodipine am I on now?",
  [('2026-03-04','raised amlodipine from 5mg to 10mg'),('2026-03-16','血压药吃 10mg'),('2026-05-06','stay on 10mg'),('2026-06-10','amlodipine 还是 10mg')],"10mg every morning (was 5mg)",
  [('2026-01-21','Started amlodipine 5mg'),('2026-02-25','on amlodipine 5mg')])
q('temporal-update','mixed',"可凡 Grade 6 最后去哪个 school？",
  [('2026-03-06','还是留在 Sunrise'),('2026-04-01','both at Sunrise'),(PE,'林可凡 (Kefan)')],"stays at Sunrise Indian School (Crescent plan dropped)",
  [('2026-01-16','转去 Crescent')])
q('temporal-update','mixed',"VAT 现在是哪个 accountant 在跟？",
  [('2026-05-08','Our file goes to Sandeep Rao'),(PE,'Accountant: Sandeep Rao')],"Sandeep Rao (Priya left in May)",
  [('2026-01-07','Priya Sharma, Khalid & Partners Accountants')])
q('temporal-update','en',"Where's our warehouse now?",
  [('2026-06-01','Warehouse is now JAFZA North'),(JM,'JAFZA North, unit FZN-B14, 320 sqm')],"JAFZA North FZN-B14 since 1 Jun (was JAFZA South S3-G07)",
  [('2026-01-26','S3-G07 才 180 平方'),('2026-01-19','unit S3-G07')])
q('temporal-update','zh',"店铺租金现在一年多少？",
  [('2026-04-03','一年 AED 102,500'),('2026-04-01','new rent AED 102,500')],"AED 102,500/年，5 月 1 号起（以前 95,000）",
  [('2026-01-16','current rent AED 95,000')])
q('temporal-update','mixed',"阿芬的 Tally 现在用哪个 version？",
  [('2026-04-07','Tally Prime 4.1 → 5.0'),('2026-06-29','exported from Tally 5.0'),(PE,'Tally Prime 5.0')],"Tally Prime 5.0 (upgraded 7 Apr from 4.1)",
  [('2026-01-07','Tally Prime 4.1')])
q('temporal-update','zh',"三月回义乌最后坐的是哪个航班？",
  [('2026-03-11','机票改成 EK 304'),('2026-03-14','EK 304 登机口')],"EK 304，3 月 14 号（原订 EK 302 3 月 20 号）",
  [('2026-03-09','订了 EK 302')])
q('temporal-update','en',"Who do I deal with at Mwangi Electricals now?",
  [('2026-04-13','his nephew Brian Otieno'),(PE,'buyer is Brian Otieno')],"Brian Otieno, Peter's nephew",
  [('2026-01-14','Peter Mwangi (Mwangi Electricals')])
q('temporal-update','mixed',"Haider 的 payment terms 现在是几成 deposit？",
  [('2026-05-06','new rule for Haider'),('2026-05-18','under the new terms')],"50% before loading, 50% before telex (was 30/70)",
  [('2026-01-23','Terms: 30% deposit by TT')])
# ---------- no-answer ----------
q('no-answer','en',"What's the Wi-Fi password at the shop?",[],"not recorded; only that Ramesh has the details")
q('no-answer','en',"What's the combination for the shop safe?",[],"not recorded; safe handed to 阿芬 / keys to Ramesh")
q('no-answer','en',"Which flight did my cousin's family book for July?",[],"not recorded; he only asked about ours")
q('no-answer','zh',"王主任办公室电话多少？",[],"not recorded")
q('no-answer','zh',"可欣看牙约在哪天？",[],"not recorded; only a plan to see a dentist in summer")
q('no-answer','zh',"金姐的手机号是多少？",[],"not recorded")
q('no-answer','mixed',"Brian 的 August order 具体要多少 panels？",[],"not recorded; only that he plans an order")
q('no-answer','mixed',"Corporate tax 的 registration number 是多少？",[],"not recorded; only the VAT TRN is")
q('no-answer','mixed',"Rack Masters 那张 invoice number 是多少？",[],"not recorded; only the amount AED 18,400")
