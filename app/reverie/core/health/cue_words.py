"""The words that say a change, an addition, a one-off or a plan, in English and Chinese
(and the commonest of them in Spanish, French, German, Japanese, Indonesian, Malay, Hindi
and Vietnamese).

A line's clauses are cut at punctuation (not at a title's full stop); each change word is
kept with its clause, its place in it and whether the clause only plans, asks or speaks of
a one-off (hedged). The lists are read on normalised text (:func:`.text.normalize`:
traditional characters and Cantonese words already read as simplified Mandarin).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..text.dates import MONTH_NAMES
from .text import normalize
from .values import Value, typed_values

GONE_WHEN_ZH = (
    r"昨晚上?|昨天\s?晚上|昨天\s?夜里|今早|今天\s?早上|今早上|凌晨|半夜|昨儿个?(?:晚上|夜里)|今儿个?早上?"
    r"|夜儿个?|夜来|夜个(?:\s?夜里)?|今们\s?清起来|清起来|昨暗|昨[冥暝]"
)
"""The night or morning a pet died in, said before 走了 or 没了 ("大黄今儿早上没了"), in the
north's and the dialects' words too ("大黄夜儿个没了", "煎饼今们清起来走了", Hokkien "阿花昨暗无去了")."""
GOT_NEW_ZH = r"(?:换|拿|买|办|配|领)了?(?:一[个台部张辆只])?新的?"
"""A new thing got, in Chinese ("换了新手机", "办了新门号"): what it is comes after."""
PORTED_ZH = r"携码|携号转网|(?<!不)转网"
"""A phone number ported to another carrier."""

_REMOVAL = [
    r"no longer",
    r"not any ?more",
    r"\bnot .{0,20} anymore\b",
    r"decommission(?:ed|ing)?",
    r"shut (?:it )?down",
    r"\bretired\b",
    r"\bremoved\b",
    r"\bdeprecated\b",
    # (not the evening sky: "Malia + me watched sunset at DH lookout")
    r"(?<!watched )(?<!watch )(?<!watching )(?<!the )(?<!at )\bsunset\b(?! (?:at|from|over|on|view)\b)",
    # not "Karim dropped a batch" or "Fran dropped it off" (delivered)
    # (nor a visit: "Dropped into the office for gloves")
    r"\bdropped\b(?! (?:a|an|off|by|in|into|round|over|me)\b)(?! (?:it|them|him|her|us) off\b)"
    # not someone driven somewhere ("Dropped 妈妈 at the airport", "dropped Ethan at school")
    # (or handed over: "Dropped Mikey w/ Tanya at the Royal Farms")
    r"(?! (?:\S+ ){0,2}(?:at|off)\b)(?! \w+ (?:w/|with) )"
    # (nor somebody dropped by the one the line opens with: "Sumi dropped her, I'll do
    # Thursday pickups"; still "Val dropped her hall key in")
    r"(?! (?:him|them)\b)(?! her(?:\s*[,.;!?]|\s*$| (?:at|to|off|for|with|from)\b))"
    # nor a thing let fall ("Dad dropped his phone in the pool")
    r"(?! (?:his|her|my|their|the|our) (?:phone|keys?|wallet|glasses|laptop|cup|mug|bag)\b)",
    r"\bstopped\b(?! (?:at|by|in|for|off)\b)",  # not a call on the way ("Stopped at the Tim's")
    # a medicine stopped by the doctor ("he's taking me off the meloxicam", "took Dad off
    # warfarin"; not "took the day off", "took him off the list" is still a removal)
    r"\b(?:tak(?:e|es|ing)|took|taken) (?:me|him|her|them|us|mum|mom|dad) off\b",
    r"\bcancel(?:l)?ed\b",
    # Nigerian Pidgin and Yoruba: has cancelled, no longer (buys) ("Mo ti cancel DSTV", "I no
    # dey buy for Mobil again")
    r"\b(?:mo ti|don) (?:cancel|stop|sell|comot)\b",
    # (not "no dey reach again", not enough any more: "the 50 no dey reach again", a sum to
    # raise)
    r"\bno dey (?!reach\b|do\b|enough\b)\w+(?: \w+){0,5}? again\b",
    # a subscription got rid of ("Sorting subs: killed Neon"; not "killed it at the gig")
    r"\bkilled (?!(?:me|it|him|her|us|them|time|off|the mood)\b)(?=[a-z])",
    # Spanish: gone in the night ("Chifa se fue anoche. ... ya no despertó")
    r"\bse (?:nos )?fue (?:anoche|esta mañana|ayer|hoy)\b",
    # (or said of whom: "Se nos fue el Chocolate. Amaneció tiesito")
    r"\bse nos (?:fue|murió) (?:el|la|nuestr[oa]) ",
    # Spanish: cancelled, died, retired, resigned, one's last day at ("VTR se da de baja el
    # 10", "último día en Sónico")
    r"\b(?:se )?(?:da|dio|di|dimos|dieron) de baja\b|\bcancel(?:é|ó|amos|aron)\b",
    r"\b(?:muri[óo]|falleci[óo]|se jubil(?:ó|a|aron)|renunci(?:ó|é))\b|\búltimo día (?:en|de)\b",
    # went to cancel it; a loan paid to its end ("把剩下那点贷款一次还清了")
    r"\bwent (?:in )?to cancel\b",
    # Portuguese: called in to cancel, cut off ("passei no Fit Zone para cancelar", "DStv
    # cortado desde sábado"; not a cortado, the coffee)
    r"(?<=\s)para cancelar\b|\bfui cancelar\b",
    r"\b(?:foi |está |ficou )?cortad[oa] (?:desde|há)\b|\b(?:foi|ficou) cortad[oa]\b",
    # Chinese: a plan closed (把原来那个宽带套餐销了; not 报销了, 促销了; not 销户 alone, said
    # of the number's carrier too: "移动那个下个月销户")
    r"(?<![报推促营开花经倾畅热滞脱直撤注])销了|注销了",
    r"还清",
    # European Portuguese: retired, died, cancelled, stopped, traded in ("Dra. Nogueira
    # reformou-se", "o Clio foi à retoma")
    r"\breformou-se\b|\b(?:morreu|faleceu)\b|\bcancel(?:ei|ou|ámos|amos)\b|\bdeix(?:ou|ei) de\b",
    r"\bfoi à retoma\b",
    # Mozambican Portuguese: a farewell, a posting elsewhere, no longer there ("O Rev. Chissano
    # despediu-se hoje — a Conferência colocou-o em Inhambane", "A Dra. Tembe já não está")
    r"\bdespediu-se\b|\bcolocou-(?:o|a) em\b|\bjá não (?:está|trabalha|vive|mora)\b",
    # Ukrainian and Russian: cancelled, died, retired, quit, unsubscribed ("Скасувала Spotify
    # Family", "Яндекс Плюс — отписалась")
    r"\bскасува\w*|\bотмени\w*|\bпомер\w*|\bумер(?:ла|ли)?\b|\bна пенсі[юя]\b|\bна пенсию\b",
    r"\bотписал(?:ась|ся|ись)\b|\bвідписал(?:ася|ся|ися)\b",
    r"\bзвільни\w*|\bуволи\w*",
    # Cebuano and Tagalog: died, cancelled ("Namatay na si Bolt", "Gi-cancel na nako ang PLDT")
    r"\bnamatay\b|\bgi-?cancel\b",
    # Tagalog: had it cancelled, had it cut off, retired, is gone ("Pina-cancel ni Lorna yung
    # Netflix", "Pinaputol na ni Lorna yung PLDT", "Nag-retire na si Mang Isko", "Wala na si
    # Bantay."; not "wala na si Lorna sa bahay", out for now)
    r"\bpina-?(?:cancel|putol|disconnect)\b|\bnag-?(?:retire|resign)\b",
    # switched off, no more of a thing, paid in full ("Pinatay na niya yung Netflix", "Wala
    # nang Zumba sa clubhouse", "bayad na in full yung SSS loan ko")
    r"\bpinatay\b|\bwala nang\b|\bbayad na in full\b",
    # Mauritian Kreol: has retired, has died ("Ashok finn pran so retret, garaz Soobhany
    # ferme")
    r"\b(?:finn|inn) pran (?:so|li|zot) retret\b|\b(?:finn|inn) mor\b",
    r"^\s*wala na si(?= \w+(?: \w+)?\s*!*$)",
    r"\bpaid off\b",
    r"\bcancel(?:l)?ing\b",
    r"\bdiscontinued\b",
    r"\bdelisted\b",
    r"下架",
    r"停产",
    r"退园",
    r"退学",
    # not 烧退了 (a fever went down), nor a refund or a return ("退咗款", 退了货, 退了押金)
    # (nor money back: "个税汇算弄了，退了680")
    r"(?<![减倒烧])退了(?!\s?(?:烧|款|货|钱|费|税|押金|订|单|票|房|[\d一二三四五六七八九十几]))",
    r"不干了",
    r"不做了",
    r"辞了",
    r"辞(?:掉|脱)",  # (Wu: "越味那边上个月辞脱了")
    r"辞工",  # "小孙下午跟钱老板辞工了"
    r"硬掉了",  # died ("小黑在笼子里硬掉了")
    r"[不弗]订了",  # "送报的小伙问续不续，用户说不订了"
    # the old one traded in ("旧雅迪折了三百", "老个折价 600 块")
    r"(?:旧|老)[\u4e00-\u9fffA-Za-z]{0,6}?个?\s?折(?:了|价)",
    r"卸任",
    r"分手",
    r"离婚",
    r"\bbroke up\b",
    r"\bdivorced\b",
    r"\bquit\b",
    r"\bgave up\b",
    r"\bhas left\b",
    r"\b(?:is|'s|are|'re) leaving(?! for\b)",
    # (not a limb: "Flu jab at 2, arm's dead")
    r"(?<!\barm)(?<!\blegs)(?<!\bleg)(?<!\bback)(?<!\bfeet)(?<!\bhead)(?<!\bhand)\b(?:is|'s) (?:officially )?dead\b"
    # (nor a quiet trade: "Jonas says the shop is dead in February")
    r"(?! (?:in|on|at|this|these|all|during|till|until|since|lately|quiet|slow|today|tonight)\b)"
    # (nor "very", as the North says it: "Gary's dead chuffed with himself")
    r"(?! (?:chuffed|pleased|happy|good|proud|keen|lucky|excited|tired|busy|easy|nice|funny|right)\b)",
    r"\bwithdr(?:ew|awn|awing) from\b",
    r"\bpulled out of\b",
    r"退赛",
    r"\bpaus(?:ed|ing) (?!for\b)",
    r"\b(?:is|are|'s) off (?:the|his|her|their|my)\b",
    r"\bleft (?:last (?:week|month|year)|yesterday|earlier this (?:week|month|year)|this (?:week|month))\b",
    r"\bleft the\b(?! (?:[\w'’-]+ ){1,3}(?:with|for|at) )",  # not given ("Left the Jam Jams with")
    r"\bis gone\b",
    r"\bno more\b",
    r"\bturned off\b",
    r"\bended\b(?! (?:at|up|with)\b)",  # not a day out ending somewhere ("ended at Mariama's")
    r"(?<!要)不再",  # not "要不再抱只小狗" (how about another dog)
    r"下线",
    r"停用",
    r"弃用",
    r"废弃",
    r"关停",
    r"停掉",
    r"关掉",
    r"离职",
    r"辞职",
    r"取消",
    r"不用了",
    r"已经?不",
    r"没有了",
    # the thing itself is gone: deleted, sold, handed back, not renewed
    r"\b(?:deleted|uninstalled|unsubscribed)\b",
    r"\b(?:not|never|didn't|won't) (?:to )?renew(?:ed|ing)?\b",
    r"删掉",
    r"删了",
    r"卸载",
    r"卖掉",
    # not "多卖了 20 份" (sold more), "卤菜粉卖了两百多碗" (goods sold), "海蛎子不好卖了" (selling
    # badly)
    r"(?<!多)(?<!好)(?<!难)卖了(?!\s?[\d一二两三四五六七八九十百千几好多])",
    r"(?<!改)卖给",
    r"(?<!改)卖予",  # Taiwanese Hokkien: "Delica 賣予舊車行"
    r"交回",
    r"退掉",
    r"(?<!续)[不弗]续",  # not the question 续不续约
    r"没续",
    # done with it ("Finished 《置身事内》" for "在读《置身事内》"; not a piece of work done for
    # someone: "finished the Boréal tender")
    # (not one not done: "haven't finished the book, again")
    r"(?<!n't )(?<!not )(?<!never )\bfinished\b(?! (?:the |my |our |a )?(?:\S+ )?(?:tender|job|translation|project|report"
    r"|draft|batch|order|files?|invoice|quote|proposal|deck|review|edit|shift)s?\b)"
    r"(?! \w+ing\b)(?! (?:by|early|late)\b)(?! at \d)",  # nor a task ended ("Lukas finished
    # importing"), nor a stock sold out by a time ("our Kisi finished by 15:00")
    r"读完",
    r"看完",
    r"以后不(?![好太会能用])",
    r"今后不",
    r"(?<!回)不去了",  # not "回不去了" (there is no going back)
    r"不(?:骑|开|坐|住|抽|订|练)了",  # no longer rides, drives, takes, lives, smokes...
    r"\blast day\b",
    r"\bhand(?:ed|ing|s)? in (?:his|her|their|my) notice\b",
    r"\bresign(?:ed|ing|s)?\b",
    r"\btrad(?:ed|ing) in\b",
    # "traded the car in", "traded the old silver Ford in"
    r"\btrad(?:ed|ing)(?= (?:the|my|our|his|her|their) [\w-]+(?: [\w-]+){0,2} in\b)",  # "the old F-150"
    # the holder of a role leaves ("Dr. Wolfe took a job at a clinic down in Marysville")
    r"\btook a (?:new )?job (?:at|in|with)\b",
    r"\bgot rid of\b",
    r"\bcalled (?:\S+ ){1,3}to cancel\b",  # "Called Xfinity to cancel and spent 45 minutes"
    # "Called Spectranet, told them cancel", "asked them to cancel it"
    r"\b(?:told|asked) (?:them|him|her) (?:to )?cancel\b",
    r"\bditched\b",
    r"\bsold (?:the|my|our|his|her|it)\b",
    r"\b(?:is|was|got) sold\b",
    r"\bterminated\b",
    r"\bcontract (?:has )?(?:ended|finished|expired|is up|ran out|habis)\b",  # "Yanti's contract habis"
    r"\b(?:is|'s|are|'re) retiring\b",
    # (not a term's: "VHS last session before summer break")
    r"\blast (?:\w+ )?(?:lesson|class|session|shift|gig|rehearsal|delivery)\b"
    r"(?! before (?:the )?(?:summer|winter|christmas|xmas|easter|spring|autumn|half[- ]term)\b)",
    r"\bstep(?:s|ped|ping)? (?:down|back) (?:as|from)\b",
    r"\b(?:is |are |'s |'re )?closing (?:down|for good|permanently|end of|at the end)\b",
    r"\b(?:not|won't|will not|isn't|is not) (?:be )?coming back\b",
    r"\bsigned (?:me|him|her|them|us) off\b",
    r"\bdischarged (?:me|him|her|them)\b",
    r"\b(?:moving|moved|moves) out\b",
    r"\bflit(?:ted|ting|s)? out\b",  # moved out, in Scots and Geordie ("helping the lad flit out")
    r"\bis weg\b",  # gone, in Afrikaans ("Die ou Corolla is weg")
    # traded in, in British English ("Clive's chopped the Combo in at Evans Halshaw")
    r"\bchopp(?:ed|ing) (?:the |his |her |my |our |their )?(?:[\w'’-]+ ){0,2}?in\b(?= (?:at|for)\b)",
    # Tok Pisin: has gone, died, has moved, sacked, paid off, no more ("Mr Ravu i go pinis
    # long NDoE", "Rex i dai long nait", "Ru i muv pinis", "em i rausim Tony", "Hilux loan i
    # klia pinis", "no K200 moa"; not katim, cut, said of a pay cut too)
    r"\bi go pinis\b|\bi dai\b|\bi muv pinis\b|\brausim\b|\bi klia pinis\b",
    r"\bno (?:\S+ ){1,2}moa\b",
    # ended, said in British English ("Knocked Sky Sports on the head today")
    r"\bknock(?:ed|s|ing)? (?:[\w+&'’-]+ ){1,3}?on (?:the|t['’]|th['’]) head\b",
    r"(?<=\w) sold(?=[,;.!]|\s+(?:for|at|already|off|last|yesterday|today)\b|\s*$)",  # "H5 sold, £140"
    r"退休(?![金费工证])",  # not 退休金, a pension
    # died ("Noodle died last night", "大黄今早上走了 ... 拿出去埋了")
    # (not a thing that "died": "the old kitchenaid finally died", "wifi died all weekend")
    r"\bdied (?:last night|this morning|this night|tonight|yesterday|overnight|in (?:his|her|their) sleep"
    r"|peacefully)\b",
    r"\bdied (?:on )?(?:mon|tues|wednes|thurs|fri|satur|sun)day\b|\bdied last (?:week|month)\b",
    r"\b(?:got|was|were|been) stolen\b",
    r"[被遭]偷(?:了|走了)",  # stolen ("买个菜出来就遭偷了！锁都撬了", Sichuan 遭 for 被)
    r"\bgave (?:her |his |their |my )?notice\b",
    r"\bfor good\b(?! (?:measure|reason|cause)\b)",  # "dia balik Medan for good"
    # French: for good, closed its doors ("Steve est parti en Alberta pour de bon", "Ti-Guy a
    # barré ses portes pour de bon")
    r"\bpour de bon\b|\bpour toujours\b|\ba (?:barré|fermé) ses portes\b",
    r"(?<!警)戒(?:掉|了|脱)",  # "生椰拿铁太甜了，戒掉"
    r"\bpassed away\b|\bput (?:him|her) (?:down|to sleep)\b|\bwas put down\b",
    # "Had him put to sleep at Vets4Pets", "Had Nell put to sleep at the vets at 10am"
    r"\bhad (?:him|her|\w+) put (?:down|to sleep)\b",
    # "Had to have Bella put to sleep at the vets in Sketty this morning"
    r"\bhad to have \w+ put (?:down|to sleep)\b",
    r"\bhad to put(?= (?:\w+ ){1,2}(?:down|to sleep)\b)",  # "had to put Biscuit down this morning"
    # "Put Bruno down this morning. Vet came to the house."
    r"\bput \w+ (?:down|to sleep)(?= (?:this morning|today|yesterday|last night|tonight)\b)",
    # "We said goodbye to Pączek today at Six Corners Animal Hospital" (a pet put to sleep)
    r"\bsaid (?:our |my )?(?:last |final )?goodbyes? to(?= \w+(?: \w+)? (?:today |this morning"
    r" |yesterday |tonight )?at (?:the )?[\w ]{0,30}(?:vet|vets|animal hospital|animal clinic)\b)",
    r"\bcrossed the rainbow bridge\b",
    # (a pet or a person) "didn't wake up this morning", "Bingo dead dis morning"
    r"\b(?:didn'?t|did not|never|nah) wake up (?:this morning|dis morning|today|last night)\b",
    r"[没冇]醒过来",  # (Hakka: "大黄昨暗晡在门口睏下去就冇醒过来")
    # died, in Bemba and in Shona ("Simba alifwa — found him cold by the gate", "Bingo akafa
    # mangwanani")
    r"\b(?:alifwa|akafa)\b",
    r"(?<=\w) dead (?=(?:this|dis) morning\b|last night\b|yesterday\b)",
    # a debt paid to its end, a cover let go, a service cut, an account closed ("poultry loan
    # CLEARED", "we let the UAP cover lapse", "told them to disconnect", "The old Desjardins
    # account is closed as of today")
    r"\b(?:loan|debt|mortgage|arrears)\b[^.;,!]{0,20}\bcleared\b",
    r"\blet (?:the |our |my |his |her |it |them )?(?:\w+ ){0,2}lapse\b",
    r"\b(?:told|asked) (?:them|him|her) to disconnect\b|\bhad (?:it|them) disconnected\b",
    r"\baccount (?:is |was |got |now )?(?:closed|terminated)\b",
    # "we said goodbye to biscuit this morning" (only of a pet the entry names:
    # updates._put_down)
    r"\bsaid (?:our |my )?(?:last |final )?goodbyes? to \w+"
    r"(?= (?:this morning|today|yesterday|last night|tonight)\b)",
    r"(?<=\w)'s gone(?=\s*[.!]|\s*$)",  # "Biscuit's gone." (the same)
    r"(?:去|过)世(?![纪界博贸])|病故|"  # not "去世纪坛医院", "去世界各地"
    # (not Cantonese 埋 after a verb, done or away: "豆腐收埋咗三个樽盖喺梳化底")
    r"(?<![收藏摆放食做讲睇执买饮写搞锁])埋了",
    # died in the night ("大橘昨晚走了。慢性肾衰拖了两个月")
    # (or "没了": "豆豆今天早上没了, 笼子里一动不动")
    # (written word by word too: "年糕 今朝 走咗 🕯️ 十三岁半")
    # (in the north's 儿 words too: "大黄今儿早上没了")
    # (and word by word: "小黑 今天 早上 走了")
    # (yesterday in Jin and northern words: "大黄夜儿个没了，老死的")
    # (Hokkien 无去了: "阿花昨暗无去了")
    # (Liuzhou 米在了: "来福昨晚米在了")
    # (没气了: "旺财今早冇气了")
    rf"(?:{GONE_WHEN_ZH})\s?(?:走|没|无去|米在|没在|没气)了(?=\s?[。，,.!！;；]|\s|$)",
    # a pet the entry names, gone ("米粒走了。早上公公发现它在阳台纸箱里睡着没醒": only of a
    # pet the entry names, updates._put_down)
    # (or "没了", said of the pet the entry names: "夜来后晌大黄没了，这阵子就不大吃食")
    # (Gan and Xiang 冇得了: "摸一下已经冷了，大黄冇得了，十一岁，老死的")
    # (Sichuan 莫得了: "花卷昨晚上莫得了")
    r"(?:(?<=[\u4e00-\u9fff])|(?<=[\u4e00-\u9fff]\s))(?:走|没|[没冇莫]得)了(?=\s?[。，,.!！;；]|\s*$)",
    # died, the time said after in English ("Lucky 走了 this morning 5am")
    r"(?<=\s)走了(?=\s?(?:this morning|last night|today|yesterday|overnight)\b)",
    r"收山",  # retired from a trade ("老爸 正式 收山了")
    # quit a job ("Jack's chucked in Woolies"), retired said in Malaysian English ("He retire
    # already lah"), a card cut up for another ("cut up the old Ampol one")
    r"\bchucked (?:it )?in\b|\bretired? already\b|\bcut up (?:the |my |our )?old\b",
    # a pet let go, said of "him" after the line named it ("Took Rusty to Dr Mel first
    # thing. Back legs were gone. Time to let him go.")
    r"\b(?:time to|had to|we) let (?:him|her) go\b",
    # cancelled, said in Malaysian English ("Cancel Netflix today lor")
    r"\bcancel\b(?= \w+ (?:today|already|liao|lor|lah)\b)",
    r"搬出(?!去住)",  # moved out ("终于搬出至善园了")
    # a pet "went" ("妈说它上个月就走了"): died
    r"它(?:上个?月|上周|前几天|昨天|去年)?就?走了",
    r"提了?离职",  # "说他提离职了，月底 last day"
    # a last shift, retired in English inside Chinese ("今天张姐最后一个班", "老爺今日做埋最後一更，
    # 正式 retire 唔揸的士喇", "Dr Lam 上個月 retire 咗")
    r"最后一个?[班更]|正式\s?retire\b|\bretire\s?了",
    # "现在不喝奶粉了", "现在不去游泳了": no longer
    r"现在不(?:喝|吃|用|去|做|干|上|学|打|练|养|住|开|抽)\S{0,4}了",
    # a pet let go ("Had to let Knödel go this morning at the Tierarzt": updates._put_down)
    r"\blet \w+ go(?= (?:this morning|today|yesterday|last night|tonight|at the)\b)",
    # "自动续费我给关了", "把爱奇艺连续包月关了"
    r"(?:续费|续订|订阅|自动扣款|包月|会员)[^，。,;；]{0,6}关(?:掉|闭)?了",
    r"搬走了?",
    r"过户给",
    r"解約|退会|閉店|廃止",  # Japanese: cancelled the contract, left, closed, abolished
    r"终止",
    r"决定不",
    r"\b(?:delete|cancel|uninstall)\s?了",  # "cancel 咗 Netflix", "app 已经 delete 咗"
    r"关店",
    r"关门了",
    r"倒闭",  # closed down for good (Cantonese 执笠 reads so: "阿峰间铺执笠咯")
    r"最后一天",
    r"最后一次来",  # "刘阿姨要回河南老家带孙子，今天最后一次来"
    r"退订",
    # not "停车停了半个钟头" (parking took half an hour), nor a stay ("在大理停了一晚看爸妈"), nor
    # the weather ("晚上雨停了出车")
    r"(?<!停车)(?<![雨雪风])停了(?!\s?[一两二三四五六七八九十几半\d]\s?(?:个)?(?:晚|夜|天|日|会|分|小时|钟|礼拜|星期))",
    r"只读",
    r"\bread-only\b",
    # German: no longer, cancelled, called off, moves out, sold, stopped, last day
    r"\bnicht mehr\b|\bkein(?:e|en)? (?:\w+ )?mehr\b",
    # (not "Kündigung", a notice that takes effect later: "Kündigung ... ab 2027-01-01")
    r"\bgekündigt\b|\bkündigte\b|\babgesagt\b|\bstorniert\b|\babgemeldet\b",
    r"\bzieht\b.{1,30}\baus\b|\bausgezogen\b|\bverkauft\b|\baufgehört\b|\bletzter tag\b",
    # gone, closed (Bavarian too: "Da oide Farmer is weg", "d'Post hod zua")
    r"\b(?:ist|is) weg\b|\b(?:hat|hod|hot) zua?\b(?! \w+en\b)",
    # Indonesian / Malay: died, stopped, no longer, sold, broke up, divorced
    r"\bmeninggal(?: dunia)?\b|\bwafat\b|(?<!tak )(?<!tidak )(?<!nggak )(?<!gak )\bberhenti\b|\b(?:sudah|udah|dah) (?:tidak|nggak|gak|tak)\b",
    r"\b(?:tidak|tak|nggak|gak) (?:\w+ )?lagi\b|\bdijual\b|\bputus\b|\bcerai\b",
    r"\b(?:dah|sudah|udah) (?:takde|tiada|tak ada|retire|resign|pindah|tutup)\b|\bsudah tiada\b",
    # Indonesian: cut off, broken up (a class, a group), traded in, paid off, not saved
    # ("IndiHome dicabut hari ini juga", "ngaji di rumahnya bubar", "Avanza-nya udah dituker
    # tambah", "pelunasan dipercepat Vario ... LUNAS!", "Mbul ketabrak motor, nggak ketolong")
    r"\bdicabut\b|\bbubar\b|\b(?:di)?tu[kc]ar tambah\b|\bdituker tambah\b|\blunas\b",
    r"\bpelunasan (?:dipercepat|awal)\b|\bdilunasi\b",
    r"\b(?:nggak|gak|tidak|tak) ketolong(?:an)?\b",
    # Swahili: no more, has left or quit, has died ("Hakuna tena 7,800 kila mwezi", "Zawadi
    # ameacha kazi", "chama yake ya Likoni ameiacha", "Chausiku amekufa")
    r"\bhakuna tena\b|\b(?:ni|u|a|tu|m|wa)(?:me|li|sha)(?:i|ki|m|wa)?acha\b",
    r"\b(?:a|wa)(?:me|li|sha)kufa\b",
    # has been sacked, transferred ("Brian amefutwa", "Dr Ochieng amehamishwa to Mbagathi")
    r"\b(?:a|wa)(?:me|li|sha)(?:futwa|hamishwa)\b",
    # Hindi in Latin letters: left, paid off, cancelled or closed, no more now
    r"\bchhod (?:diya|di|dega|denge)\b|\bforeclos(?:e|ed|ing)\b|\bab (?:koi |\w+ )?nahi\b",
    r"\b(?:cancel|close|band|stop|discontinue) kar (?:diya|di|liya|li)\b",
    r"\bhamesha ke liye\b|\bnahi (?:raha|rahi|rahe)\b",  # for good; is no more ("Mitthu nahi raha")
    # Vietnamese: no longer, not used any more, closed for good, dropped, quit, died
    r"\bkhông còn\b|\bkhông (?:\S+ ){0,4}nữa\b|\bđóng cửa (?:luôn|hẳn|vĩnh viễn)\b|\bbỏ hẳn\b",
    r"\bnghỉ việc\b|\bqua đời\b|\bđã mất\b|\bcắt hợp đồng\b|\bhủy (?:gói|hợp đồng|đăng ký)\b",
    r"\bmất (?:sáng|tối|chiều|đêm|hôm) (?:nay|qua)\b|\bđừng (?:\S+ ){0,4}nữa\b|\bcắt rồi\b",
    # Vietnamese: died, sold ("con chào mào Lửa nằm dưới đáy, chết rồi", "Bán con Dream II.")
    r"\bchết rồi\b|\bđã chết\b|^\s*bán (?:con|cái|chiếc|căn)\b|\bđã bán\b",
    # a retirement or leaving do ("Morag's retiral do at the Louden Tavern")
    r"\bretiral\b|\b(?:retirement|leaving) (?:do|party|drinks|lunch)\b",
    # (or a farewell for them: "Farewell tea for Mam' Thandi — 34 years at Addington")
    r"\bfarewell (?:(?:tea|do|party|lunch|drinks|dinner|braai|kana|service) )?for\b",
    r"\bon pension from\b",  # retired, in Southern African English ("on pension from today")
    # (or theirs: "Craig's farewell drinks last night at the hotel bar")
    r"(?<=\w['’]s )farewell (?:tea|do|party|lunch|drinks|dinner|braai|kana|service)\b",
    # gone in the night, a cancellation gone through ("Biscuit went in his sleep last night",
    # "No Virgin Active debit today — the cancellation she did last month went through")
    r"\b(?:went|passed|died|slipped away) (?:away )?in (?:his|her|their) sleep\b",
    r"\bwent in the night\b",  # "Old Meg went in the night, in the back porch"
    # retired ("Dr Fenn packed up end of September"; not "packed up the car")
    r"\bpacked up\b(?! (?:the|his|her|my|our|their|and|for|to|at|in|all)\b)",
    # traded in ("Allion gone as trade-in", "they took the Ranger in part-ex")
    r"\b(?:gone|went) as (?:a )?trade-?in\b",
    # part-exchanged, said as what the person did ("Part-exed the Octavia at the Skoda place")
    r"\bpart-?ex(?:ed|'d|changed)\b",
    r"\btook (?:the |my |his |her |our )?[\w-]+(?: [\w-]+)? in (?:as )?part-?ex(?:change)?\b",
    r"\bcancellation (?:\S+ ){0,5}?went through\b",
    # binned a service, said goodbye to it in Hinglish, a car gone in part-exchange, a fish
    # floating, a cleaner who stops ("Binned Disney+", "Airtel ko bye bye", "the Kuga went in
    # part-ex", "小红也翻白肚皮了", "王阿姨正式不做了"; not "binned the letter")
    r"^\s*binned (?!(?:the|a|an|it|them|that|this|my|his|her|our)\b)|\bko bye[ -]?bye\b",
    # binned or gone, said after it ("Clenil and the Ventolin both binned", "Virgin finally
    # gone.")
    r"(?<=\w) (?:both |all )?binned(?=\s*[.!;,]|\s*$)|(?<=\w) finally gone(?=\s*[.!;]|\s*$)",
    r"\bwent in (?:as )?(?:part-?ex(?:change)?|a trade-?in)\b|翻白肚皮?了|(?<!还)不做了",
    # someone else now has the person's patients or post ("she's taken over Dr Maharaj's
    # patients since he left for Auckland")
    r"\btaken over(?= (?:dr |mr |mrs |ms )?\w+'s (?:patients|practice|list|clients|caseload|office"
    r"|job|role|post|class|round)\b)",
    # Spanish: no longer, stopped, left, quit, cancelled, sold, died, closed
    r"\bya no\b(?! (?:me |te |se )?(?:acuerdo|sé|se|puedo))|\bdej(?:ó|é|aron|amos) de\b",
    # (and when: "Lorena se va el lunes a Buenos Aires"); a plan called off ("Se cancela")
    r"\bse (?:fue|va) (?:(?:el|este) (?:lunes|martes|miércoles|jueves|viernes|sábado|domingo"
    r"|mes que viene|año que viene) )?(?:a|de)\b|\brenunci(?:ó|é)\b"
    r"|\bcancel(?:é|ó|amos|ado|ada)\b|\bse cancel(?:a|ó)\b",
    # quit the (club, class...), retires ("dejó el hockey", "se retira de musicalizar")
    r"\bdej(?:ó|é|aron|amos) (?:el|la|los|las)\b|\bse retir(?:a|ó|aron)\b",
    # (sold: a thing, not a day's sales: "Vendí 85 vasos", "Lucas vendió chipa en el pasillo")
    r"\b(?:(?:lo|la|los|las|se) )vend(?:í|ió|imos|ieron)\b(?!\s\d)"
    r"|\bvend(?:í|ió|imos|ieron)(?=\s(?:el|la|los|las|mi|mis|su|sus|nuestr[oa]s?|tu|tus)\b|\s?[.!;,]|\s?$)"
    r"|\bvendid[oa]s?\b(?!\s\d)|\bmuri(?:ó)\b|\bfalleci(?:ó)\b|\bcerr(?:ó|aron) (?:para siempre|definitivamente)\b",
    # French: no longer, over, cancelled, deleted, sold, retiring, resigned
    r"\bn['’](?:est|a|habite|fait|travaille|existe|utilise) plus\b",
    r"\bne (?:\w+ ){0,2}plus\b(?! (?:tard|tôt|de|que|d['’]))",
    r"\bc['’]est fini\b",
    r"\brésili(?:é|ée|és|ées|ation)\b",
    r"\bne (?:le |la |les |l'|l’)?renouvel\w* (?:pas|plus)\b",  # "on ne renouvelle pas"
    # Kinyarwanda: died ("Simba yapfuye mu ijoro")
    r"\b(?:ya|ba)pfuye\b",
    r"\bannul(?:é|ée|és|ées)\b",
    r"\bsupprim(?:é|ée|és|ées)\b",
    r"\bvendue?s?\b",
    r"\b(?:part|partie?) à la retraite\b|\bprend sa retraite\b",
    r"\bse jubil(?:ó|a|aron)\b|\bjubilad[oa]\b",  # Spanish: retired
    r"\bdémissionn(?:é|ée|e)\b",
    # Quebec French: gave notice, is leaving, closes its doors, done with ("Marc a donné sa
    # démission à Hydro-Québec", "Karen s'en va au BCP", "Le Studio Shanti ferme ses portes le
    # 31 mai", "Fini la commande Metro")
    r"\b(?:a|ont) donné (?:sa|leur) démission\b|\bs['’]en va\b|\bferme(?:nt)? (?:ses|leurs) portes\b",
    r"^\W*fini(?:e|es|s)? (?:la|le|les|l['’])",
    # Polish: no longer, sold, gave notice, cancelled, handed the keys back ("czwartki
    # już nie", "Fabia sprzedana", "Wypowiedziała Multisport od lipca", "oddał dziś klucze")
    r"\bjuż nie\b|\bsprzedan[aeoy]\b|\bwypowiedzia(?:ł|ła|łam|łem)\b|\bodwołan[aeoy]\b"
    r"|\boddał[ao]? (?:\w+ )?klucz",
    # Turkish: cancelled, sold, resigned, retired, closed ("İptal et şunu", "istifa")
    r"\b[iİ]\u0307?ptal\b|\b[iİ]\u0307?ptal (?:et|ett|ed)\w*|\bsatıldı\b|\bsattı[km]?\b"
    r"|\b[iİ]\u0307?stifa\w*|\bemekli oldu\b|\bkapandı\b",
    # Italian: no longer, cancelled, sold, retired, taken off ("non più lunedì", "Venduto 'o
    # Doblò", "Mimmo s'è ritirato", "Levato Glovo")
    r"\bnon più\b|\bannullat[aeio]\b|\bvendut[aeio]\b|\bdisdett[aeio]\b|\bin pensione\b"
    r"|\bs['’]è ritirat[ao]\b|\blevat[aeio]\b",
    # Korean: cancelled, quit, sold ("24 Hour 취소 했어")
    r"취소|그만뒀|그만 뒀|팔았",
    # Dutch: no longer, cancelled, sold, stops ("Voetbal opgezegd per 1 oktober", "Kangoo
    # verkocht!", "niet meer op vrijdag")
    r"\bniet meer\b|\bopgezegd\b|\bverkocht\b|\bstopt\b|\bgestopt\b|\bgaat niet door\b",
    # Greek in Latin letters and in its own script: no longer, over, cancelled, gave the keys
    # ("O Andreas den erchetai pleon", "akyrosa to gym"; not "telos", also a file of goals)
    r"\bpleon\b|\bakyr[oó]s[ae]\w*|\b[eé]dose ta kleidi\w*|ακύρωσ\w*|πλέον|τέλος",
    # Hungarian: no longer, cancelled, retired, moved away, sold ("Lemondtam a Woltot", "Varga
    # doktor nyugdíjba ment", "Marika néni elköltözött")
    r"\bmár nem\b|\blemond(?:tam|ta|tuk|ták)\b|\bnyugdíjba (?:ment|vonult)\b|\belköltözött\b"
    r"|\beladt(?:uk|am|ák)\b",
    # Hebrew in Latin letters: no longer, I (we) cancelled ("kvar lo. bitalti.")
    r"\bkvar lo\b|\bbitalt(?:i|a|em|nu)\b",
    # Czech: no longer, cancelled, ends ("Holub už u Prazdroje není", "Zrušil jsem Netflix",
    # "Terka končí")
    r"\buž (?:ne\b|není\b|nejsou\b|nebude)|\bzruši(?:l|la|li|lo)\b|\bkončí\b",
    # Romanian: cancelled ("Am anulat Glovo", "Abonamentul e anulat")
    r"\b(?:am|e|a fost) anulat[ăe]?\b",
    # Finnish: cancelled ("Saunaseura jäsenyys peruttu")
    r"\bperuttu\b|\bperuin\b",
    # quit doing it ("美团的店不搞了")
    r"不搞了",
    # Spanish of Spain, in the perfect and as said in Andalusia ("-ao" for "-ado"): has
    # retired, quit, sold, cancelled ("la Dra. Ruiz se ha jubilao", "Manolito ha dejao el
    # fútbol", "lo han vendío pa' desguace")
    r"\bjubila(?:d)?[oa]\b|\b(?:ha|han|he|hemos) deja(?:d)?o (?:de|el|la|los|las)\b"
    r"|\b(?:ha|han|he|hemos) (?:cancela(?:d)?o|vendi(?:d)?o|vendío|cerra(?:d)?o)\b",
    # Brazilian Portuguese: sold, retired, closed, stopped, left, no longer ("vendeu a Kombi",
    # "Seu Biu se aposentou", "fechou a loja", "não toca mais")
    # (a thing sold, not a day's takings: "vendeu 1.900 MT"; not Spanish "vendemos el")
    r"\bvend(?:eu|emos|eram|i) (?:o|a|os|as|meu|minha|nosso|nossa|seu|sua)\b|\bvendid[oa]\b"
    r"|\b(?:se )?aposent(?:ou|aram|ei|ad[oa])\b"
    r"|\bfech(?:ou|aram) (?:a|o) (?:loja|ateliê|oficina|bar|armarinho|depósito)\b"
    r"|\bpar(?:ou|ei|aram) de\b|\bnão (?:\S+ ){1,2}mais\b",
    # German and Low German: cancelled, no longer, sold, retiring, over ("Lexoffice heff ik
    # kündigt", "nich mehr", "verkauft", "geht in Rente", "dreifuffzig is vörbi")
    r"\b(?:ge)?kündigt\b|\bnicht? mehr\b|\bverkauft\b|\bgeht in (?:rente|pension)\b"
    r"|\bhört (?:\S+ )?auf\b|\baufgehört\b|\bis(?:t)? vörbi\b|\bist vorbei\b|\babgesagt\b"
    # (and retired, in German and Swiss German: "Dr. Wyss isch Ende September pensioniert")
    r"|\bpensioniert\b",
    # Catalan: quit, sold, goes back to, closes ("la Laia ha plegat", "hem venut el León",
    # "se'n torna al Marroc", "tanca la parada")
    r"\b(?:ha|han|hem|he) plegat\b|\b(?:ha|han|hem|he) venut\b|\bse['’]n (?:torna|va) a\b"
    r"|\btanca la (?:parada|botiga|bar)\b",
    # Latvian: no longer, retired, sold, closes, cancelled, will not be ("viņš vairs
    # nestrādā, aizgājis pensijā", "Caddy pārdots!", "Māsa slēdzas", "Otrās krāsns nebūs")
    r"\bvairs (?:ne\w+|nav)\b|\baizgāj(?:is|usi|a) pensijā\b|\bpārdot(?:s|a|as|i)\b"
    r"|\bpārdev(?:u|ām|a)\b|\bslēdzas\b|\batcēl(?:u|ām|a)\b|\batcelt(?:s|a|i)\b|\bnebūs\b",
    # Russian: leaves, left, no longer, quit ("Дима сказал — уезжает в Норвегию")
    r"уезжает|уехал[аи]?\b|больше не\b|уволил(?:ся|ась|ись)",
    # Maltese: no longer, is no longer, cancelled, sold, retired, left ("il-qadim ma baqax
    # jaħdem", "Charlie m'għadux segretarju", "Ikkanċellajt il-landline", "Bigħna t-Transit!",
    # "Doris irtirat!!")
    r"\bma baqax\b|\bma baqgħet\b|\bm['’]għad(?:ux|hiex|homx)\b|\bmhux aktar\b"
    r"|\bikkanċell(?:ajt|ajna|aw|a|at)\b|\b(?:bigħ(?:na|t|ulu)|biegħ(?:et|u)?|inbiegħ(?:et)?)\b"
    r"|\birtira(?:t|w)?\b|\btelq(?:et|u)\b|\btelaq\b",
    # Slovenian: no longer, discontinued, sold, left, retired ("ne bodo več naročali", "stara
    # 040 je ukinjena", "Kangoo prodan!", "Rok je odšel", "Mojca je šla v drugo firmo"; not a
    # day's sales, "prodal 41 kozarcev", nor "se ne splača več", no longer worth it)
    r"\b(?:ni|niso|ne bo|ne bodo|ne (?!splača)\w+) več\b|\bukinjen[aoi]?\b|\bprodan[aoi]?\b"
    r"|\bje prodal[aio]? (?!\d)|\b(?:je )?odš(?:el|la|li)\b"
    r"|\bje š(?:el|la) (?:v drugo|drugam|v pokoj|k drugemu|k drugi)\b|\bupokojil(?:a|i)?\b",
    # Guaraní in jopara: does not work (any more), there is none ("ndoikói", "ndaipóri")
    r"\bndoikói(?:ma)?\b|\bndaipóri(?:ma)?\b",
    # Albanian: no longer, sold, resigned, retired ("nuk punon më", "nuk është më", "s'punon
    # më", "e shiti Punton", "më dha dorëheqjen", "ka dalë në pension")
    r"\bnuk (?:\S+ ){1,2}?më\b|\bs['’]\w+ (?:\S+ )?më\b|\b(?:e |i )?shit(?:i|ëm|a)\b"
    r"|\bdorëheqj\w*|\b(?:ka |kanë )?dal(?:ë|i) në pension\b",
    # Estonian: no longer, sold, ended, left, retires ("vana enam ei tööta", "müüsin Octavia
    # ära", "Telia leping lõpetatud", "Mari läks ära", "läheb mai lõpus pensionile")
    r"\benam ei\b|\bei (?:\S+ )?enam\b|\bmüü(?:sin|s|sime|dud)\b|\blõpeta(?:s|sin|tud)\b"
    r"|\bläks ära\b|\blahkus\b|\bpensionile\b|\bei jätka\b",
]
_DIRECTIONAL = [
    r"switch(?:ed|es|ing)? (?:over )?to",
    # "switch him off the Royal Canin urinary food onto Hill's c/d"
    r"\bswitch(?:ed|es|ing)? (?:\w+ )?off (?:the |his |her )?[^,;.]{1,40}? onto\b",
    r"\bmerged (?:into|with)\b",
    r"moved (?:over )?to",
    r"moving to",
    # a league or a class put on other days ("the club shoved Dave's league to Thursdays")
    r"\b(?:shoved|bumped) (?:\S+ ){1,4}?to (?=(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)",
    # "staff move from car park E to Grafton St" (a day moved is a reschedule)
    r"\bmov(?:e|es|ed|ing) from (?!(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|mon|tue|wed"
    r"|thu|fri|sat|sun)[a-z]*\b|\d)[^,;.]{1,30}? to\b",
    r"moving (?:\w+ ){1,2}over to",  # "moving butter over to Flanagan"
    r"moves? (?:over )?to",
    r"relocat(?:ed|ing|es)? to",
    # Indian English: moved ("shifted to Nashik"; a day or a time shifted is a reschedule)
    r"\bshift(?:ed|ing|s)? (?:base |house )?to\b(?! (?:next|the|a|an|\d|(?:mon|tue|wed|thu|fri|sat"
    r"|sun|jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec|tomorrow|today|tonight|morning"
    r"|afternoon|evening|week|noon)[a-z]*\b))",
    r"migrat(?:ed|ing) to",
    # another room ("They've shifted mam downstairs to room 9")
    r"\b(?:shifted|moved) (?:\w+ ){1,2}?(?:down|up)stairs to\b",
    r"replac(?:ed|ing) (?:by|with)",
    r"upgraded to",
    r"downgraded to",
    r"transferred to",
    r"changed to",
    r"renamed to",
    r"改为",
    r"改成",
    r"改到",
    r"改用",
    r"改(?:卖|买|叫|订|找)(?:给|予)",  # "這擺改賣予佳里「金和」的阿寶"
    PORTED_ZH,
    r"换成",
    r"换到",
    # a switch to a named one, said bare ("人保报价3300，平安给2850 ...，换平安了")
    # (not one done or renewed: "驾照换完新证了", 换好, 换过)
    r"(?<![更交变转调切替轮倒互])换(?![完好过新掉回])(?=[\u4e00-\u9fff]{2,4}了)",
    r"转到",
    r"转去(?!了?\s?[。，,.;；!！]|了?\s*$)",  # (not money sent: "生活费 2500 早上转去了。")
    r"调到",
    r"调了?去",  # "小何调咗去琶洲嘅项目" (Cantonese 咗 reads 了)
    r"换了?做(?![饭事菜生])",  # "将佢嘅降压药换咗做缬沙坦80mg"
    r"搬到",
    r"搬去",
    r"迁移到",
    r"迁到",
    r"迁至",
    r"升级到",
    r"升到",
    r"变成",
    r"挪到",
    r"放到(?=\s?(?:每?周|星期|礼拜)[一二三四五六日天])",  # "业务学习统一放到周四下午两点"
    r"移到",
    r"调整到",
    r"迁过去",
    r"转为",
    r"(?:转|换|改)了用",
    r"搬过去",
    r"转过去",
    # not "房租2,450转给陈姨", "房租9.6万转给王德福", "秀英微信转给王老师的" (paid)
    r"(?<![\d元块万])(?<!微信)(?<!支付宝)\s?转给",
    r"交给",
    # Indonesian / Malay: moved to, changed to, went up / down to, replaced with
    r"\bpindah (?:\w+ ){0,2}?(?:ke|dari)\b|\bganti (?:ke|jadi|dengan)\b|\b(?:naik|turun) (?:ke|jadi)\b",
    r"\bdiganti (?:dengan|jadi|oleh)\b",
    # Swahili: has moved (to), went up to ("ameshahamia Mtwapa kabisa", "mchango unapanda to
    # 3,000 kila meeting")
    r"\b(?:ni|u|a|tu|m|wa)(?:me|li)(?:sha)?hamia\b|\b\w{0,4}panda (?:to|hadi|mpaka)\b",
    # Vietnamese: switched to, moved to
    r"\b(?:đổi|chuyển)(?: hẳn| luôn)? (?:sang|qua)\b|\bđổi (?:\S+ ){1,4}?sang\b",
    # Spanish: moved to, changed (to), switched to
    # (not a person moved to another one: "Carolina cambió a Thiago de club" changed his club)
    r"\b(?:se|me|nos) mud(?:ó|é|amos|aron) a\b"
    r"|\b(?:se |me |nos )?cambi(?:ó|é|amos|aron) (?:a\b(?! \w+ de\b)|de\b)",
    r"\b(?:se|me|nos) pas(?:ó|é|amos|aron) a\b",
    r"\bse (?:fue|fueron|va|van) a vivir a\b",
    # European Portuguese: moved to ("mudou-se para Almada")
    r"\bmud(?:ou|ei|ámos|aram)-se para\b|\bmudámos para\b",
    # Ukrainian and Russian: moved ("Вовк переїхав до Кракова")
    r"\bпереїха\w*|\bпереехал\w*",
    # German: switched to, moved to, replaced by
    r"\b(?:gewechselt|wechselt|wechsle|umgestiegen|steigt um) (?:zu|zur|zum|auf|nach)\b",
    r"\b(?:umgezogen|zieht um) (?:nach|in|zu)\b|\bersetzt durch\b",
    # French: goes to, replaced by, moved to, transferred to
    r"\bpasse(?:nt|ons)? (?:de .{1,20} )?(?:à|au|aux)\b",
    r"\bpar intérim\b",  # acting ("Amir Haddad directeur par intérim à partir du 10 août")
    r"\bremplacée?s? par\b",
    r"\bdéménag(?:e|é|ée|ent|er) (?:à|au|en|vers|chez)\b",
    r"\b(?:transférée?|mutée?|déplacée?s?) (?:à|au|en|vers)\b",
    # Spanish of Spain, in the perfect: has gone over to, switched to ("se ha ido a Caser",
    # "se han pasao a Digi")
    r"\bse (?:ha|han|he|hemos) (?:ido|pasa(?:d)?o|cambia(?:d)?o|muda(?:d)?o) a\b",
    # Brazilian Portuguese: moved to, passed to, swapped for ("Bia se mudou pra Campinas",
    # "a contabilidade passou pra Rosângela")
    r"\b(?:se )?mud(?:ou|ei|amos|aram) (?:pra|para)\b|\bpass(?:ou|ei|amos|aram) (?:pra|para)\b"
    r"|\btroc(?:ou|ei|amos|aram) (?:\S+ ){0,3}?(?:por|pelo|pela)\b",
    # German: takes over, put onto ("Frau Ahrens übernimmt das Mandat", "umgestellt auf");
    # Swiss German: has moved house ("Sini isch züglet")
    r"\bübernimmt\b|\bübernommen\b|\bumgestellt auf\b|\bzüglet\b|\bzügle[tn]? (?:uf|nach|i)\b",
]
_FORMER = [
    r"\(was\b",
    r"^\s?not\s?[€$£¥]?\d[\d,.]*",  # a clause of its own: "12% with her, not 15"
    r"\bwas previously\b",
    r"\bpreviously\b",
    r"\bused to\b",
    r"\bold one\b",
    r"\b(?:up|down) from\s?[€$£¥₹]?\s?\d",  # "₹10,500 a month from April, up from 9k"
    r"\bbefore\s?(?:rm|s\$|[€$£¥₹])\s?\d",  # "現在 RM15 一板, before RM13.50"
    r"\(?\bantes\s?\$?\d",  # Spanish: "la renta queda en 15,800 (antes 14,500)"
    r"原来是",
    r"以前是",
    r"之前是",
    r"原来的",
    r"旧的",
]
STARTED_YEAR = (
    r"\bstart(?:ed|s|ing)? (?:in |at )?(?:\d{1,2}(?:st|nd|rd|th) (?:grade|standard)|(?:grade|year"
    r"|primary) \d{1,2}\b|p[1-7]\b|kindergarten|middle school|high school|secondary school)"
    # ("桐桐初二开学", "晓晓今天开学, 高三了")
    r"|(?<![月正腊冬])[初高][一二三](?=\s?(?:开学|了))|(?<![老最很太更好])大[一二三四](?=\s?开学)"
    # moved up a year or a kindergarten class ("朵朵今日升大班", "升上初二")
    r"|升\s?上?了?\s?(?:[小中大]班(?![长主])|[初高][一二三]|[一二三四五六]年级|p[1-6]\b)"
    r"|[一二三四五六]年级(?=\s?了)"  # "开学照 四年级了"
)
"""A child starting a school year: news only for an entry that gives one
(``updates._new_noun_known``)."""
NEW_THINGS_ZH = (
    "合同|租约|地址|号码|号(?![线楼房院])|手机号?|电话|房东|领导|经理|老板|工作|公司|护照|医生|牙医"
    "|护士长|主任|组长|同事|健身房|单位|医院|学校|车"
)
"""Things a line calls new (新合同, 新的房东) that word a change of any entry about them."""
_REPLACE = [
    r"\brenewed\b",
    r"instead of",
    r"\binstead\b",
    r"\bswitched\b",
    r"\bdon change\b",  # Nigerian Pidgin: has changed ("e don change line, new one na 0706 ...")
    r"\bswapped\b",
    r"\bmigrated\b",
    r"\breplaced\b",
    r"\brenamed\b",
    r"\bchanged\b",
    # Portuguese: changed the dose, the number, the day ("Mudou a dose — agora amlodipina 10 mg")
    r"\bmud(?:ou|ei|ámos|aram) (?:a|o) (?:dose|medicação|número|plano|horário|dia)\b",
    # Mauritian Kreol: a new price, gone up or down ("MC 8,500 kas (nouvo pri depi out)",
    # "depi lesans inn monte")
    r"\bnouvo pri\b|\b(?:inn|finn) (?:monte|bese)\b",
    r"from now on",
    r"going forward",
    # onwards from a week, month or day ("next week onwards take beans from Yee Heng")
    r"\b(?:next|this|coming) (?:week|month|year|term|season) onwards\b",
    rf"\b(?:(?:{MONTH_NAMES})|(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{{1,2}}(?:st|nd|rd|th)?) onwards\b",
    r"starting (?:today|tomorrow|next|this|from|on|monday|tuesday|wednesday|thursday|friday)",
    r"starting (?:w/ |with )?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\b|\d)",
    r"\bas of (?:today|now|this|next|monday|tuesday|wednesday|thursday|friday|\d|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b)",
    r"\bthis (?:term|semester|season|school year)(?: is|'s|,)",  # "piano this term is w/ Hannah"
    r"这学期(?:是|由|换|改)",
    # (not a neighbour: "dominoes with Derek from next door")
    r"from (?:next )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|today|tomorrow|next(?! door))",
    # from a day of a month ("rent's $285/wk each from 1 Aug", "from March 3rd"); one still
    # ahead is left out by the review (updates._value_starts_later)
    rf"\bfrom (?:the )?\d{{1,2}}(?:st|nd|rd|th)? (?:of )?(?:{MONTH_NAMES})\b",
    rf"\bfrom (?:{MONTH_NAMES}) \d{{1,2}}(?:st|nd|rd|th)?\b",
    # from a month ("Agreed: from July salary go be 150k each"; not a span: "from June to
    # August"); as a weak change word instead, 7 fewer found on the test half, 4 fewer false
    rf"\bfrom (?:next )?(?:{MONTH_NAMES})\b(?! \d)(?!,? (?:to|till|until|through|and)\b| ?[-–])",
    r"took over",
    r"takes over",
    r"taking over",
    r"handed (?:over|off)",
    r"\bmoved\b(?!\s+(?!into\b)[^,;]*\binto\b)",  # not "moved steamShutdown() into X"
    r"\bupgraded\b",
    # an upgrade done ("finally merged the java 21 upgrade for ledger-svc"; not one planned)
    r"\b(?:merged|shipped|finished|landed|rolled out|completed|did|done with) (?:the |our |my )?"
    r"[\w.+ -]{1,30}? upgrade\b",
    # a child up a school year ("tobi started 4th grade today", "started Year 7")
    STARTED_YEAR,
    # a value moved from one to another ("Raised the gift box on Shopify from $59 to $65")
    r"\bfrom\s?[€$£¥]\s?\d[\d,.]*k?\s+to\b(?=\s?[€$£¥]?\s?\d)",
    r"从\s?[¥$€£]?\d[\d,.]*\S{0,3}\s?(?:涨|降|调|改|加|减|提)到",
    r"\bfirst (?:day|night|week|month) (?:at|in|on)\b",
    r"\bsigned (?:the|a|our|my) (?:\w+ )?(?:new )?lease\b",
    r"\bupped (?:\S+ ){0,2}to\b",
    r"去\S{1,8}报到",  # joined somewhere else
    r"\bfrom now\b",
    r"\bfrom this (?:ep|episode|issue|batch|term|round|order|invoice) on\b",
    r"\bfrom this (?:month|week|wk|year|term)\b",
    r"\bbumped (?:\S+ ){1,6}(?:up |down )?to (?=[€$£¥]|\d)",  # "bumped the ISA direct debit up to £700"
    r"第一天(?:去|到|上|在)",
    r"\btransferred\b",
    r"\bported\b",
    r"\bport(?:ed|ing)? out\b",  # "Finally port out from Singtel, now GOMO $20"
    r"\bkick(?:ed|s) in\b",  # "His 4th-year rate kicked in this pay, $33.10 an hour"
    r"\bmigrated? to\b",  # "Dr Tan migrate to Perth already"
    r"\bnaik\b(?=[^,.;]{0,30}\bto\s?(?:rm|s?\$)?\s?\d)",  # Malay "raised": "naik the Amlodipine to 10mg"
    r"\bnew (?:address|ip|host|server|number|phone|cell|mobile|manager|lead|office|owner|schedule|day|time|port|version|name|team|role|grade"
    r"|gp|doctor|dentist|landlord|landlady|apprentice|supplier|accountant|vet|boss|coach|tutor|provider|plan|lease|contract|car|van|laptop"
    r"|teacher|term arrangement|arrangement|director|contractor)\b",
    # any other thing the entry names ("New Bahncard arrived", "new ETA Jan 2027"): see
    # updates._new_noun_known
    r"\bnew (?!one\b|ones\b|(?:mon|tues|wednes|thurs|fri|satur|sun)days?\b)[a-z][a-z-]{1,}\b"
    # a thing for it, not a new one of it ("new school shoes", "new work laptop bag")
    r"(?! (?:shoes|uniform|bag|books|supplies|clothes|jumper|backpack)\b)",
    r"from here on",
    r"\brenewal\b",
    r"\b(?:going|goes|went|bumped|jumped|put) (?:up |down )?to (?=[€$£¥]|\d)",
    r"\bbrought (?:\S+ ){0,3}?(?:down|up) to (?=[€$£¥₹]|\d)",
    # "the biweekly rate went up June 1" (a price said to have gone up, with its new amount)
    r"\b(?:rate|price|fee|fees|rent|premium)s? (?:went|has gone|have gone|goes) (?:up|down)\b",  # "brought the statin down to 5 mg"
    r"\bnow (?:on|at|in|with|uses?|using|runs?|running|lives?|works?|leads?|owns?|goes|go|points?|reports?|prefers?|drinks?|takes?|meets?|happens?|starts?|costs?)\b",
    r"\b(?:is|are|'s) now\b",
    r"\bnow,? not\b",
    r"\bnow is\b",
    r"\bnow are\b",
    # Indonesian / Malay: changed, the new one, from now / next month on, new number...
    r"\bganti\b|\byang baru\b|\bsejak pindah\b",
    # Malay: changed (a phone, a number, a supplier, to another: "Ah Fatt tukar HP"; not "Ah
    # Mei tukar kereta" for her number)
    r"\btukar (?:hp|handphone|phone|nombor|number|no\.?|line|sim|supplier|pembekal|ke|kepada)\b",
    r"\bmulai? (?:minggu|bulan|hari|tahun) (?:ni|ini)\b",  # "Mula minggu ni ... dari Bake With Yen"
    r"\bmulai (?:sekarang|hari ini|besok|minggu depan|bulan depan|tahun depan|\d"
    r"|(?:jan|feb|mar|apr|mei|may|jun|jul|agu|aug|sep|okt|oct|nov|des|dec)[a-z]*\b)",
    r"\b(?:nomor|nombor|alamat|rumah|kantor|pejabat|kerja|bos|manajer|pengurus) baru\b",
    # Vietnamese: the new house / landlord / number / salary / rate, from next week / this month /
    # now on
    r"\b(?:nhà|chủ nhà|số|lương|mức lương|rate|giá|sếp|công ty|địa chỉ) mới\b",
    r"\btừ (?:tuần sau|tháng sau|tháng này|tuần này|năm sau|giờ|nay|hôm nay|ngày mai)\b",
    # Spanish: from (a day) on, since we switched, the new one, went up / down to
    r"\ba partir de(?:l)?\b|\bdesde (?:el \d|que nos|que me)|\b(?:el|la) nuev[oa] es\b",
    # Spanish: from a day, week or month on; signed with ("desde junio son 30 UF", "viene
    # lunes y jueves desde esta semana", "Pipe firmó con el Teatro Municipal")
    r"\bdesde (?:el )?(?:lunes|martes|miércoles|jueves|viernes|sábado|domingo)\b",
    r"\bdesde (?:esta semana|este mes|este año|hoy|ahora|mañana|(?:enero|febrero|marzo|abril"
    r"|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre))\b",
    r"\bfirm(?:ó|é|amos|aron) con\b",
    # Ukrainian and Russian: from Monday, from today on ("Соломія бере Routing з понеділка")
    r"\bз понеділка\b|\bс понедельника\b|\bз сьогодні\b|\bс сегодняшнего\b",
    r"\b(?:número|jefe|jefa|depa|trabajo|chamba|sueldo|renta|plan|doctor|doctora|casa) nuev[oa]\b",
    # (and what went up said at length: "Le subió la NPH de la mañana a 24 unidades")
    r"\b(?:subi(?:ó|eron)|sube|baj(?:ó|aron)|baja|sub(?:í|imos)|baj(?:é|amos)|aument(?:ó|é|amos|aron))"
    r" (?:\S+ ){0,5}?(?:a|en) (?=\$?\d)",
    # Hindi in Latin letters: the new house / number..., from now / today / 1 July on, switched
    r"\bna(?:ya|ye|yi) (?:\w+ )?(?:ghar|flat|number|naukri|job|phone|manager|office|plan|kaam)\b",
    rf"\b(?:ab|aaj|kal) se\b|\b\d{{1,2}} (?:{MONTH_NAMES}) se\b|\b(?:{MONTH_NAMES}) \d{{1,2}} se\b",
    r"\b(?:port|switch|shift|transfer) kar (?:diya|di|liya|li)\b",
    r"\b(?:badha|badhaa|ghata) (?:diya|diye|di)\b|\blagwa (?:liya|li)\b",  # raised, lowered; got put in
    r"\blên (?=\d)|\bchuyển mạng\b",  # Vietnamese: (went) up to, changed network
    # "putting her rates up to £7 an hour", "put me up to 100mcg"
    r"\bput(?:s|ting)? (?:\S+ ){0,2}(?:up|down) to (?=[€$£¥₹]|\d)",
    r"(?<!该)换了",  # (not what should be: "丽娟说咱宝来也该换了，寻思寻思还能开两年")
    r"换了?(?:手机)?号(?:码)?了?",  # 她换号了, 换了号码
    r"更换",
    r"转岗",
    r"搬家|搬屋",
    r"切换(?:到|成|为)",
    r"(?<!一)切(?:到|成)(?!\S*(?:菜|肉|片|丝|块|段))",  # "快递 全部 切到 极兔" (not 切成丝)
    r"引っ?越し|[にを]変更|変更(?:した|しました)",  # Japanese: moved, changed (to)
    r"接手",
    r"改选",
    r"由\S{1,4}(?:来上|来教|接手|接替|代课|负责)",
    r"接替",
    # who takes a post over ("梅姐接护士长", "杨帆接任系主任")
    r"接任|接了?(?:护士长|主任|经理|组长|班主任|校长|站长|院长|科长|部长|主管)",
    r"改了",
    r"已经(?:是|变成|换成|改成)",
    GOT_NEW_ZH,
    # (not "下周一起去": together)
    r"(?:今天|明天|昨天|下周[一二三四五六日天]?|上周|下(?:个)?(?:星期|礼拜)|下个?月|上个?月|本月|\d+月(?:\d+[日号]?)?|\d+[日号]|周[一二三四五六日天]|这周|以后|今后)(?:开始|起(?![去来吃看做玩走过聊商]))",
    r"以后(?:固定|每|都|就|改|拢改|只)",  # (拢: Taiwanese Hokkien "all": "以後攏改禮拜一")
    # changed to doing it another way ("改做每月 5号", "验货改逢星期四"); not 修改, 改善
    r"(?<![修更篡批涂窜])改(?:做|每|逢|在|用|去|由)",
    r"续签了?|续约了?|续租了",
    r"调完?薪|涨薪|加薪|降薪",
    # a new holder of a role the entry names (新阿姨, 新管家): see updates._new_noun_known
    r"新来?的?(?:阿姨|管家|保姆|房客|租客|校长|助理|教练|私教|班主任|司机|厨师|业主|供应商|对接人)",
    rf"新来?的?(?:{NEW_THINGS_ZH})",
    rf"换(?:{NEW_THINGS_ZH})了",  # "车间换领导了"
    # any other thing the entry names (新菜单, 新的 gestionnaire): see updates._new_noun_known
    r"(?<![重最更创刷革维全崭清])新的?\s?(?!年|闻|鲜|手|加坡|疆|西兰|增|款|品|春|婚|生儿|冠|人|一|来|学期|学年|赛季)"
    r"(?:[\u4e00-\u9fff]{2}|[a-z]{3,}\b)",
    r"从.{0,12}(?:起|开始)",
    # Tianjin and Beijing 打 (from): "打这礼拜起铺子改礼拜二歇了", "打这个月起"
    r"打这(?:个)?(?:礼拜|星期|周|月|回)起",
    r"现在(?:改|换|是|在|用|由|住|负责|归|变)",
    # a value that went up or down ("房租涨到 7200", "raised to $40")
    r"(?:涨|降|调|调整|上调|下调|提高|降低|加|减|增加|减少|提)(?:到|为|至)",
    # pulled up or down to a number ("ACoS target 由 25% 拉到 30%"; not 拉到仓库, a haul)
    r"拉\s?(?:高|低|升)?\s?(?:到|至)(?=\s?[¥$€£]?\d)",
    r"\b(?:went up|went down|raised|increased|decreased|rose|dropped|cut|reduced) to\b",
    # German: from (a day, a month, now), instead of, takes over, raised to, new (...)
    r"\bab (?:jetzt|sofort|heute|morgen|nächste[rnm]?|\d{1,2}\.|(?:januar|februar|märz|maerz|april"
    r"|mai|juni|juli|august|september|oktober|november|dezember)\b|(?:montag|dienstag|mittwoch"
    r"|donnerstag|freitag|samstag|sonntag)s?\b)",
    r"\bstatt\b|\banstatt\b|\bübernimmt\b|\bübernommen\b",
    r"\b(?:erhöht|gesenkt|angepasst|geändert|erhöhung) (?:auf|zu)\b|\bneue[rsn]? (?:adresse|nummer"
    r"|vermieter|vertrag|miete|termin|betreuer|chef|ärztin|arzt|bank|konto|tarif|zimmer|wohnung)\b",
    r"\bist (?:jetzt|nun|ab jetzt)\b",
    # any other thing the entry names ("Neuer eAT gültig bis 2028"): see updates._new_noun_known
    r"\bneue[rsnm]? [a-zäöüß][a-zäöüß0-9-]{1,}\b",
    # French: from (a day), from now on, raised to, taken over, new (address, doctor...)
    r"\bà partir d(?:u|e|['’])",
    r"\b(?:a|ont) changé\b",
    r"\bà compter d(?:u|e|['’])",
    r"\bdésormais\b|\bdorénavant\b",
    r"\b(?:est |sont )?(?:portée?s?|augmentée?s?|baissée?s?) à\b",
    r"\b(?:prend|pris|reprend|repris) (?:le relais|la suite)\b|\breprise? par\b",
    r"\bnouv(?:eau|el|elle)x? (?:adresse|numéro|médecin|contrat|bail|loyer|tarif|prix|horaires?|"
    r"chef|cadre|propriétaire|responsable|dentiste|kiné|coloc|colocataire|forfait|banque|code"
    r"|mot de passe|jour|créneau)\b",
    # Polish: from (a day, a month, now on), instead of, a new number or address ("od
    # czerwca ser po ...", "Lis dzwonił z nowego numeru")
    r"\bod (?:poniedziałku|wtorku|środy|czwartku|piątku|soboty|niedzieli|jutra|dzisiaj|dziś|teraz"
    r"|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października"
    r"|listopada|grudnia|\d{1,2}\.\d{1,2})\b|\bzamiast\b"
    r"|\bnow(?:y|ego|ym|a|ej) (?:numer|adres|właściciel|dostawc|lekarz|lekarka)\w*",
    # Turkish: from (a month) on, instead of, a new number ("Temmuz'dan itibaren", "yeni numara")
    r"\bitibaren\b|\byerine\b|\byeni (?:numara|adres|muhasebeci|tedarikçi|doktor)\w*",
    # Italian: from (a day, a month) on, instead of, a new number ("da lunedì", "Pasquale,
    # nuovo numero: 351 ...")
    r"\bda (?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|domani|oggi|adesso"
    r"|gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre"
    r"|dicembre)\b|\ba partire da|\bal posto d[ie]\b"
    r"|\bnuov[oa] (?:numero|indirizzo|sede|medico|fornitore|commercialista|proprietario)\b",
    # Korean: a new number, changed, from (a day) on ("새 번호", "바꿨어", "11/1부터")
    r"새 번호|새로운 번호|바꿨|바꿈|(?<=[\d일월])\s?부터|이제부터",
    # Dutch: from (a day) on, from now on, switched, a new number, raised to, becomes ("vanaf
    # maandag 4 mei", "voortaan donderdag", "overgestapt", "Maandtermijn per 1-10 wordt ...")
    r"\bvanaf\b|\bvoortaan\b|\bovergestapt\b|\bnieuwe? (?:nummer|adres|huisarts"
    r"|leverancier|eigenaar|contract|prijs|tarief)\b|\bverhoogt?\b[^,.;]{0,30}\bnaar\b"
    r"|\bper \d{1,2}-\d{1,2}\b[^,.;]{0,20}\bwordt\b",
    # Greek in Latin letters and in its own script: from (a weekday) on, a new number,
    # changed ("apo Pempti to kreas apo ton Stathi", "καινούργιο νούμερο", "allaxe")
    r"\bapo (?:deftera|triti|tetarti|pempti|paraskevi|savvato|kyriaki)\b"
    r"|\bkainourgi[oa] (?:noumero|tilefono)\b|\ballaxe\b|καινούργιο νούμερο|άλλαξε",
    # Hungarian: from now on, from (a month, a weekday) on, a new number ("Euthyrox mostantól
    # 75", "kétszázhetvenöt forint kilója júniustól", "Gábornak új szám")
    r"\bmostantól\b|\búj (?:szám|cím|orvos|kardiológus|könyvelő|beszállító)\w*"
    r"|\b(?:január|február|március|április|május|június|július|augusztus|szeptember|október"
    r"|november|december|hétfő|kedd|szerdá|csütörtök|péntek|szombat|vasárnap)(?:tól|től)\b",
    # Hebrew in Latin letters: from today, from Sunday on, a new number ("mehayom the pitot
    # come from Sa'id's bakery")
    r"\bmehayom\b|\bmi-?yom (?:rishon|sheni|shlishi|revi'i|hamishi|shishi)\b|\bmispar hadash\b",
    # Czech: from (a day, a month) on, a new number, moved over to ("od pondělí zavíráme v
    # deset", "Od července 51 500", "Láďa má nové číslo", "Přešel jsem k O2")
    r"\bod (?:pondělí|úterý|středy|čtvrtka|pátku|soboty|neděle|zítřka|dneška|ledna|února"
    r"|března|dubna|května|června|července|srpna|září|října|listopadu|prosince)\b"
    r"|\bnov(?:é|ý|á) (?:číslo|adresa|nájemní)\w*|\bpřeš(?:el|la|li) (?:jsem |jsme )?(?:k|na)\b",
    # Swedish: from (a day) on, a new number ("från och med måndag", "Johan has nytt nummer")
    r"\bfrån och med\b|\bnytt nummer\b|\bny (?:adress|läkare|chef)\b",
    # Romanian: moved ("Mihai and Alina s-au mutat la Chiajna")
    r"\bs-(?:au|a) mutat\b",
    # Spanish: a new car, doctor, flat... (not a new handset: "Móvil nuevo: Xiaomi, 199 €" is
    # no new phone plan)
    r"\b(?:coche|médic[oa]|pediatra|gestor[a]?|seguro|proveedor[a]?|piso) nuevo\b",
    # Brazilian Portuguese: a new number, address, doctor..., a price adjusted to ("reajuste
    # pra R$ 560", "número novo")
    r"\b(?:número|telefone|endereço|médic[oa]|contador[a]?|fornecedor|casa) nov[oa]\b"
    r"|\bnov[oa] (?:número|celular|endereço|médic[oa]|contador[a]?|fornecedor)\b"
    r"|\breajuste (?:pra|para)\b|\b(?:aumentou|subiu|baixou) (?:\S+ ){0,2}?(?:pra|para) (?=r?\$?\s?\d)",
    # German: from (a day or month) on, a new number, doctor..., raised to, instead of
    r"\bab (?:sofort|jetzt|heute|hüt|hüüt|morgen|montag|dienstag|mittwoch|donnerstag|freitag"
    r"|samstag|sonntag|mäntig|zischtig|mittwuch|donnschtig|fritig|samschtig|sunntig"
    r"|nächste\w*|januar|februar|märz|april|mai|juni|juli|august|september|oktober|november"
    r"|dezember|(?:dem )?\d{1,2}\.\s?\d{1,2}\.)"
    r"|\bneu(?:e[rsn]?|i|s) (?:nummer|handynummer|handy|adresse|arzt|ärztin|hausarzt|hausärztin"
    r"|steuerberater\w*"
    r"|lieferant\w*|chef\w*|vermieter\w*)\b|\b(?:erhöht|gesenkt) auf\b|\bstatt\b",
    # Latvian: from (today, a weekday, a month, a day of a month, next week) on, instead of,
    # a new number..., moves to ("no šodienas sestdienās esam vaļā līdz 16:00, nevis līdz
    # 14", "no 1. jūlija īre 920 €", "Mamma pārvācas uz Rīgu"; not "no rīta", in the morning)
    r"\bno (?:šodienas|rītdienas|pirmdienas|otrdienas|trešdienas|ceturtdienas|piektdienas"
    r"|sestdienas|svētdienas|nākam(?:ās|ā) (?:nedēļas|mēneša|gada)|(?:\d{1,2}\.\s?)?(?:janvāra"
    r"|februāra|marta|aprīļa|maija|jūnija|jūlija|augusta|septembra|oktobra|novembra|decembra))\b"
    r"|\bnevis\b|\bjaun(?:s|ais|ā|o|ie) (?:numurs|tālrunis|telefons|adrese|ārst\w*"
    r"|grāmatved\w*|piegādātāj\w*|sezona)\b|\bpārvācas\b|\bpārvācās\b|\bpārcēl(?:ās|as)\b",
    # Maltese: from now, today, a weekday, next week, the first of a month on, instead of, a
    # new number, changed, raised, lowered, took the place ("minn issa kollox fuq il-mobile",
    # "mill-ġimgħa d-dieħla", "mill-1 ta' Marzu l-kera €950", "issa 2.5mg minflok 3", "biddel
    # in-numru", "Pack-It għollew il-boroż", "ħa l-post Noel Pace")
    r"\bminn (?:issa|illum|għada|din il-ġimgħa|dan ix-xahar|nhar (?:it-|il-|is-|l-)?\w+)\b"
    r"|\bmill-(?:ġimgħa d-dieħla|xahar id-dieħel|ewwel ta['’]|\d{1,2} ta['’])"
    r"|\bminflok\b|\b(?:numru|telefon|indirizz) (?:il-)?ġdid\b|\bin-numru l-ġdid\b"
    r"|\b(?:biddel|bidlet|biddlu|bdilt|bdilna|inbidel|inbidlet|tbiddel|tbiddlet)\b"
    r"|\b(?:għolla|għollew|għollejna|għollieli|għollielu|għolliet)\b|\bnaqqs(?:u|et|itilha|itlu|ejna)\b"
    r"|\b(?:ħa|ħadet|ħadu|jieħu|tieħu) (?:l-)?post\b|\bgħadd(?:ew|a|iet) għand\b",
    # Slovenian: from now, next week, a weekday, a month on, as of the new, instead of, a new
    # number, moved, rescheduled, took over ("od zdaj Medex", "od naslednjega tedna sreda in
    # petek", "po novem vsako drugo sredo", "sublimacijo namesto kapljanja", "nove številke",
    # "so ji fizio prestavili", "knjige je prevzela Tina")
    r"\bod (?:zdaj|sedaj|danes|jutri|naslednjega (?:tedna|meseca|leta)|ponedeljka|torka|srede"
    r"|četrtka|petka|sobote|nedelje|januarja|februarja|marca|aprila|maja|junija|julija|avgusta"
    r"|septembra|oktobra|novembra|decembra|\d{1,2}\.\s?\d{1,2}\.)(?!\w)"
    r"|\bpo novem\b|\bnamesto\b|\bnov(?:a|e|o|i)? (?:številk\w*|naslov\w*|predsednik\w*"
    r"|zdravni\w*|računovodkinj\w*|pogodb\w*|lastni\w*|stojnic\w*|skupin\w*)"
    r"|\bprestavil(?:i|a)?\b|\bprevzel(?:a|i)?\b|\bpreselil(?:a|i)?\b",
    # Albanian: from (a month, a weekday, now, this week) on, a new number, moved, changed,
    # raised, becomes, not any more ("nga shtatori", "nga 1 qershori", "nga tani", "numër i
    # ri", "u transferua", "ndryshoi orari", "I rrita rrogën", "ngrihet në 16", "bëhet 2.000",
    # "700 €, jo më 600")
    r"\bnga (?:tani|sot|sonte|nesër|kjo javë|java e ardhshme|muaji i ardhshëm|e hëna|e marta"
    r"|e mërkura|e enjtja|e premtja|e shtuna|e diela|\d{1,2} \w+|janari|shkurti|marsi|prilli|maji"
    r"|qershori|korriku|gushti|shtatori|tetori|nëntori|dhjetori)\b"
    r"|\bnumër i ri\b|\bnumri i ri\b|\bu transferua\b|\bndryshoi\b|\bndërrova\b|\bndërruam\b"
    r"|\bi rrita\b|\bngrihet në\b|\bbëhet\b|\bjo më\b",
    # Estonian: from (a day, a month) on, henceforth, a new number, moved, changed, rose,
    # takes over, instead of ("alates juunist", "edaspidi kõik Karliga", "uus number",
    # "Kliinik kolis", "vahetasin koodi", "tõusis", "võtab üle", "rongiga, mitte autoga")
    r"\balates\b|\bedaspidi\b|\buu(?:s|e|t|el) (?:number|numbri\w*|aadress\w*|klassijuhataja"
    r"|koristaja|kood|raamatupidaja|esimees|kord|hinnakiri|leping\w*)\b|\bkoli(?:s|b|sin)\b"
    r"|\bvaheta(?:s|sin|sime)\b|\btõus(?:is|eb)\b|\bvõtab üle\b|\basemel\b",
]
_RESCHEDULE = [
    r"\bpostponed\b",
    r"\bpush(?:ed|ing)? (?:back |out )?(?:\S+ ){0,4}?(?:to|by) (?=\S*\d|next|a (?:week|month|day))",
    r"\brebooked\b",
    r"\bbrought forward\b",
    r"\brescheduled\b",
    r"\bdelayed\b",
    r"推迟",
    r"延期",
    r"提前到",
    r"改期",
    r"\breport(?:é|ée|és|ées)\b",
    r"\bdécal(?:é|ée|és|ées)\b",
    # Polish, Turkish, Italian and Korean: postponed, moved ("przełożone", "ertelendi",
    # "spostato al 5/11", "미뤘어")
    r"\bprzełożon[aeoy]\b|\bertelen\w*|\berteled\w*|\bspostat[aeio]\b|\brinviat[aeio]\b"
    r"|\bposticipat[aeio]\b|미뤘|미뤄졌|연기",
    # Hungarian and Hebrew in Latin letters: moved, postponed ("Áthelyezték május 26-ra",
    # "daḥu")
    r"\báthelyezt\w*|\bda[hḥ]u\b",
    # Czech and Swedish: moved ("kontrolu přesunuli z 18. na 25. 3.", "flyttat till 15/10")
    r"\bpřesunul[aiy]?\b|\bflyttat\b",
]
_EN_WEAK = [r"(?<!for )\bnow\b", r"\bcurrently\b", r"\bthese days\b", r"\bsince\b"]
_FR_WEAK = [r"\bmaintenant\b", r"\bactuellement\b", r"\bdepuis\b"]
_ES_WEAK = [r"\bahora\b", r"\bactualmente\b", r"\bagora\b", r"\bara\b"]  # and PT, CA: now
# Tagalog: "na" after a value or a word says it holds now ("basic ₱41,200 na!!", "Thursday na
# yung fixed off ko"); "ngayon" is now
_TL_WEAK = [r"(?<=[\w!])\s+na\b(?=\s*(?:[!.,;]|$|yung\b|ang\b|ako\b|siya\b|kami\b))", r"\bngayon\b"]
# (not "bis jetzt", up to now: "Amlodipin wie bis jetzt, 10 mg am Morge, nüt ändere")
_DE_WEAK = [r"(?<!\bbis )\bjetzt\b", r"\bderzeit\b", r"\bmittlerweile\b", r"\bnun\b"]
_SW_WEAK = [r"\bsasa\b", r"\bkuanzia\b", r"\bsiku hizi\b"]  # Swahili: now, from, these days
_PL_WEAK = [r"\bteraz\b", r"\bobecnie\b"]  # Polish: now, currently
_TR_WEAK = [r"\bartık\b", r"\bşimdi\b"]  # Turkish: now, from now on
_LV_WEAK = [r"\btagad\b", r"\bpašlaik\b", r"\bpašreiz\b"]  # Latvian: now, currently
_MT_WEAK = [r"\bissa\b"]  # Maltese: now
_SL_WEAK = [r"\bzdaj\b", r"\bsedaj\b", r"\btrenutno\b"]  # Slovenian: now, currently
_GN_WEAK = [r"\bko['’]ãga\b"]  # Guaraní (in jopara): now
_SQ_WEAK = [r"\btani\b"]  # Albanian: now
_ET_WEAK = [r"\bnüüd\b"]  # Estonian: now
_IT_WEAK = [
    r"\badesso\b",
    r"\bormai\b",
    r"(?<!\w)mo['’](?=\s)",
]  # Italian (and Neapolitan mo'): now
_KO_WEAK = [r"이제", r"지금은"]  # Korean: now
_ZH_WEAK = [
    r"现在",
    r"目前",
    r"如今",
    r"以来",
    # from a month or day on ("这个月起月供 9,740", "7 月起")
    r"(?:这个?月|下个?月|本月|今年|明年|(?<!\d)\d{1,2}\s?月份?|(?<!\d)\d{1,2}\s?[号日])起(?![床来飞跑步])",
]
_ADDITIVE = [
    r"\balso\b",
    r"\btoo\b",
    r"\bas well\b",
    r"\bin addition\b",
    r"\banother\b(?! (?:month|week|day|year|hour|minute|time|go|couple|few)\b)",
    r"\bbesides\b",
    r"也(?!是)",  # not 也是住家: the new one is the same in that
    # not 血压还行 (is fine); not 还了 40 万, 还款, 还贷 (repaid: huán)
    # (not a thing said or remembered: "赵校还念叨以前六块钱那会儿肉多")
    r"(?<!提前)(?<!归)还(?!是|在用|在|行|好|可以|不错|凑合|了|款|贷|清|完|钱|念叨|说|讲|问|夸|笑|记得)",
    r"另外",
    r"同时",
    r"此外",
]

_FEVER = re.compile(r"发烧|发热|体温|烧到|低烧|高烧")

CUE_CLASSES: list[tuple[str, re.Pattern[str]]] = [
    ("removal", re.compile("|".join(_REMOVAL), re.IGNORECASE)),
    ("directional", re.compile("|".join(_DIRECTIONAL), re.IGNORECASE)),
    ("replace", re.compile("|".join(_REPLACE), re.IGNORECASE)),
    ("reschedule", re.compile("|".join(_RESCHEDULE), re.IGNORECASE)),
    ("former", re.compile("|".join(_FORMER), re.IGNORECASE)),
    (
        "weak",
        re.compile(
            "|".join(
                _EN_WEAK
                + _FR_WEAK
                + _ES_WEAK
                + _DE_WEAK
                + _SW_WEAK
                + _TL_WEAK
                + _ZH_WEAK
                + _PL_WEAK
                + _TR_WEAK
                + _LV_WEAK
                + _MT_WEAK
                + _SL_WEAK
                + _GN_WEAK
                + _SQ_WEAK
                + _ET_WEAK
                + _IT_WEAK
                + _KO_WEAK
            ),
            re.IGNORECASE,
        ),
    ),
]
ADDITIVE = re.compile("|".join(_ADDITIVE), re.IGNORECASE)
_FUTURE = re.compile(
    r"\bprobably\b|\btalked about\b|\blikely\b|"
    # talk heard before ("Gord going on again about selling the farm"), a debt to be paid
    # ("keeping #27 till she's paid off")
    r"\b(?:going|goes|went) on (?:again )?about\b|\b(?:till|until|til|once)\b[^.;,]{0,25}\bpaid off\b|"
    r"\bperhaps\b|\bhope\b|\bif\b|\bplan(?:s|ned|ning) to\b|"
    # "plan to" as a verb, not a plan named as what was switched ("switched the phone plan
    # to Nova")
    r"(?:^\s*|\b(?:i|we|they|you|still|also|do|don't|will)\s+)plan to\b|\bmight\b|\bmaybe\b|"
    # Spanish: thinking of, maybe, if
    # (not the "si" before a name in Tagalog and Cebuano: "Namatay na si Bolt")
    r"\bpensando en\b|\btal vez\b|\bquiz[aá]s?\b|(?<!\bna )\bsi (?!\d)|"
    # and maybe as the River Plate says it, next year ("el año que viene capaz se jubila")
    r"\bcapaz (?:que )?(?=\w)|\ba lo mejor\b|\bel año que viene\b|"
    # Hindi in Latin letters: will do, is thinking, maybe, we'll see ("resign kar dega, he won't")
    r"\b(?:kar|ho|de|le) (?:dega|degi|denge|jayega|jayegi|jaega)\b|\bkare(?:ga|gi)\b"
    r"|\bsoch (?:raha|rahi) (?:hai|hoon|hu)\b|\bshayad\b|\bdekhte hain\b|"
    # a plan that did not happen ("was gonna switch to the 8:30 service")
    r"\b(?:was|were) (?:gonna|going to)\b|"
    # "may", not the month ("starting May", "from 1 May", "May 5")
    r"(?<!starting )(?<!from )(?<!since )(?<!until )(?<!in )(?<!of )(?<!by )(?<!early )(?<!late )"
    r"(?<!mid )(?<!mid-)(?<!\d )\bmay\b(?!\s?\d)|\bshould\b|"
    r"\bwould\b|\bwants? to\b|\bwanted to\b|\bthinking (?:about|of)\b|\bconsider|\bpropos|\bsuggest|\?|"
    # a price quoted is offered, not paid ("the school van man came and quoted GH₵ 600 a term")
    r"(?<!re-)\bquoted\b|"
    r"计划|打算|可能|如果|要是|假如|万一|也许|考虑|想要|想|准备|建议|提议|讨论|再说|再看|看情况|要不(?!是)|商量(?![好完过定])|"
    r"八字还没一撇|？|"
    r"\bpeut-être\b|(?<!\bna )\bsi\b|\benvisag\w*|\bpense à\b",  # French: maybe, if, considering
    re.IGNORECASE,
)
_PROPOSAL = re.compile(
    r"\bwants? to\b|\bsuggest(?:s|ed)?\b|\bpropos(?:es|ed)\b|想将|想把|想要|想|建议|提议",
    re.IGNORECASE,
)
_ACCEPTED = re.compile(
    r"\bfine (?:with|by) (?:me|us)\b|\bagreed\b|\bsaid yes\b|\bok(?:'d|ed) it\b|"
    r"同意了|答应了|就这么定了|定了下来"
)
"""A proposal taken up in the same line: the change it proposes holds."""
_ONE_OFF = re.compile(
    # one evening's class called off ("今晚 Thai class cancelled, Khru Fon sick")
    # ("今晚羽毛球不去了, 太困")
    r"(?:今晚|\btonight)'?s?\s?[^,;.]{0,24}(?:\bcancel(?:l?ed)?\b|取消|不(?:去|打|练|上|来)了|去不了)|"
    # moved to tomorrow or tonight ("羽毛球改咗听日朝早打")
    r"(?:改|挪|调)(?:了|到|成)\s?(?:明天|后天|今晚)|\b(?:moved|pushed) (?:it )?to tomorrow\b|"
    # ("Xin Yi piano cancelled today, Ms Tan sick")
    r"\bcancel(?:l?ed)? (?:for )?(?:today|tonight|tomorrow|this week)\b|"
    # called off once and on again after ("Nail Thursday got cancelled for Thanksgiving, back
    # next week")
    r"\bcancel(?:l?ed)?\b[^.;]{0,40}\bback (?:next|tomorrow|on)\b|"
    # one day's early closing ("Today clinic close early 12pm, cousin's wedding")
    r"\bclos(?:e|es|ed|ing) early\b|提早关门|提前关门|"
    # this week's meeting moved ("这周 复盘会 挪到 周二 开的"; not 从这周起改成, which stays), or
    # this week's day and the move in the clause after ("这周日要去公司配合压测，跟爸妈说好了视频
    # 挪到周六晚上")
    r"(?<!从)(?:这周|这礼拜|这星期|本周)"
    r"(?:(?![起开以])[^，,。;；]{0,16}|[一二三四五六日天末](?![起开以])[^。;；]{0,30}?)"
    r"(?:挪到|挪去|改到|调到|换到)|"
    r"\bjust this once\b|\bthis once\b|\bjust the once\b|"
    # (not "for once" alone, said of a change too: "Tuesdays free-ish for once")
    r"\binstead of\b[^.;!]{0,30}?\bfor once\b|"
    # more or less than usual, this time ("Bought P 500 BPC units instead of the usual 300")
    r"\binstead of (?:the|my|his|her|our) usual\b|"
    # called off once, back at the next ("Mr. Khan cancel lessons today, he have dengue. Back
    # next week he say.")
    r"\bback next (?:week|time|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b|"
    # a meal or a drink had in the place of another ("Missed his bacon cob, had a Greggs at
    # Loughborough bus station instead"; not "had to take the X7 instead")
    r"\bhad (?:a|an|some|his|her|their|the) [^.;!,]{0,50}\binstead\b(?! of)|"
    # this week's day moved, this weekend's trip called off ("Mam's shopping moved to Friday
    # this week because of lates", "Caravan weekend cancelled because of the move")
    r"\b(?:moved|switched|pushed|changed) to (?:mon|tues|wednes|thurs|fri|satur|sun)day this week\b(?! onwards| on\b)|"
    r"\bweekend\b[^.;!,]{0,20}?\bcancell?ed\b|"
    # tonight's one called off ("Book club at Nerys's tonight, cancelled, she's got a cold")
    r"\btonight\b[^.;!]{0,30}?\bcancell?ed\b|\bcancell?ed\b[^.;!]{0,10}?\btonight\b|\bjust (?:for )?this (?:one )?(?:week|weekend|time|month|sprint)\b|\bthis time only\b|\bonly this (?:time|week|sprint|month)\b|"
    r"\bthis (?:week|sprint|month) only\b|\bone[- ]off\b|\bone[- ]time\b(?! (?:fee|payment|setup))|"
    # what it usually is, said beside today's ("took GH₵ 10 today because of the road
    # diversion. Normally it's 8")
    r"\b(?:normally|usually) (?:it'?s|it is)\b|"
    # the season's end ("Amina's last lesson with Maksat this season")
    r"\blast \w+ (?:\w+ ){0,3}(?:this|of the) season\b|\btemporar(?:y|ily)\b|\bfor (?:today|this week) only\b|"
    # (not 临时 Teams 会议: an ad-hoc meeting where a change is announced)
    # only while someone is away ("有事找房東太太，手機 0958…（只有他出國這段時間）")
    r"只有\S{0,8}这段时间|只在\S{0,8}期间|"
    r"仅此一次|只此一次|就这一次|这一次|这一回|这次例外|就一回|(?:今儿|今天)一回|临时(?!\s?(?:teams|zoom|会议|开会|开了?个?会|召开|召集))|暂时|本次|今次|只是这次|"
    # the standing arrangement comes back ("Back to Mon next week", "下周恢复正常")
    r"\bback (?:to|on) (?:normal|the usual|\S+ (?:next|tomorrow|from|on)\b)|\bresum(?:e|es|ing) (?:next|tomorrow|as)\b|"
    r"恢复正常|(?:下周|明天|下次|之后|下个?月|周[一二三四五六日天])(?:就|会)?恢复|(?:下周|下礼拜|下星期|下个?月|明天|下次)[一二三四五六日天]?(?:就|会)?(?:还是|照旧|照常)|"
    # a stand-in until the one away is back ("阳朔地接先交给她徒弟小覃顶，下礼拜她就回来",
    # "Einar covers the roster till Habba's back")
    r"(?:下个?(?:礼拜|星期|周)|过几天|过两天)[^，,。;；]{0,4}就?回来|"
    r"\b(?:until|till|til) (?:she|he|they|\w+)(?:'s| is| are) back\b|"
    r"\bwhile (?:she|he|they|\w+)(?:'s| is| are) (?:away|off|on leave|on holiday)\b|"
    # a thing used up and bought again, or nearly used up ("Gas finished in the middle of
    # cooking, Kwabena carried it to Shiabu to refill", "inhaler almost finished")
    r"\b(?:finished|ran out|run out|used up)\b[^.;]{0,60}\b(?:bought|buy|refill\w*|top(?:ped)? up|recharg\w*)\b|"
    r"\balmost (?:finished|done|gone|empty|out)\b|"
    # called off because the one who gives it is away or ill ("推拿取消，师傅请假")
    r"(?:取消|停)[^，,。;；]{0,3}[，,]?\s?\S{0,4}(?:请假|请了假|病了|生病)|"
    # one session skipped ("李老师去省里开会，停一次，挪到礼拜五上午补")
    r"停了?一次|停了?一回|停一节|"
    # a number cut off until it is topped up ("她自己那个号欠费停了，用户马上帮她充了 100")
    r"欠费(?:停机?了?|了)|"
    # called off for the weather ("Treino do Tomás cancelado por causa da chuva", "rained off")
    r"\bpor causa da chuva\b|\bpor la lluvia\b|"
    r"\b(?:due to|because of|cause of|'cause of) (?:the )?(?:rain|weather|snow|storm|ice)\b|"
    r"\brained (?:off|out)\b|因为下雨|下雨取消|"
    # back to the usual day ("下周回周四", 下次改回原来的时间; not 下个月回老家, a trip)
    r"(?:下周|下次|下个?月|明天)(?:就|会|再)?改?回(?=周|星期|礼拜|原|正常|\s?\d)|"
    # tried once ("Tried the Leith Links loop this morning instead of the Meadows"; not someone
    # trying to keep her: "cancelled the broadband ... the lady tried every trick")
    r"\btried\b(?! to\b| every\w*\b| all\b| hard\b| (?:her|his|their|my|our) (?:best|hardest)\b)|试了一?下|\btoday only\b|只有今天|今天例外|"
    # against the usual ("滴滴 23 块（比平时贵）", "pricier than usual"): the usual holds
    r"比平[时常]|比往常|\bthan usual\b|"
    # this week, in place of the usual ("bins out Wed night this week instead of Tue"); in
    # Cantonese, only this week, a make-up session (净係今个礼拜, 补返)
    r"\bthis week\b[^.;]*\binstead\b|\binstead\b[^.;]*\bthis week\b|"
    # one visit moved this week ("this wk Mrs. Wong's Fri home visit moved to 今日")
    r"\bthis (?:week|wk)\b(?:[^.;]|(?<=mr)\.|(?<=mrs)\.|(?<=ms)\.|(?<=dr)\.){0,40}"
    r"\b(?:moved|pushed|switched) to\b|"
    r"[净只][係系](?:今个|呢个|这个?)(?:礼拜|星期|周)|[净只][係系](?:今次|呢次)|补返|"
    # one day's session called off ("Hockey de garage Friday cancelled, aréna roof leak",
    # "Rosalie's Saturday skating cancelled"; not "Fridays" nor "cancelled for good")
    r"\b(?:mon|tues|wednes|thurs|fri|satur|sun)day(?:'s)?\b[^.;!,]{0,30}?\bcancell?ed\b"
    r"(?! for good| permanently| from now| going forward)|"
    r"\b(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)\b[^.;!,]{0,30}?\bannulée?\b"
    r"(?! pour de bon| définitivement)|"
    # a promotion's price for a few days, the usual one after ("竹叶青搞活动卖20块一碗，就国庆
    # 这几天，过了还是原价")
    r"还是原价|恢复原价|回到原价|就这几天|"
    # French: exceptionally, just this once, this week only
    r"\bexceptionnellement\b|\bpour une fois\b|\bjuste (?:cette|ce) (?:fois|semaine)\b|"
    r"\bcette (?:semaine|fois) seulement\b|\buniquement (?:ce|cette)\b|"
    # Spanish: only this month, this once ("300 ... solo este mes, for the tensiómetro")
    r"\bs[oó]lo (?:este|esta) (?:mes|semana|vez)\b|\bpor esta vez\b|\bpor única vez\b",
    re.IGNORECASE,
)
"""A change said to hold once ("moved to Thursday just this once", 临时改到) leaves the
standing fact true."""
_STAY = re.compile(
    r"\bunchanged\b|\bno changes?\b|\b(?:till|until) then\b|\bnothing changes\b|\bstays? (?:on|at|with|in|the same|(?=\d))\b|"
    r"\bsame (?:as before|(?:\w+ )?(?:plan|price|terms|rate|seats|host|place|time|day|one|setup))\b|\bas usual\b|"
    r"\bas before\b|\bkeeping (?:ours|it|the same)\b|\bsame again\b|"
    r"\bkeep (?:\w+ ){0,2}(?:on|at) (?=[€$£¥]?\d)|"  # "keep zones on 172 until we test"
    r"\binchangée?s?\b|\bcomme d['’]habitude\b|\bcomme avant\b|"
    # (not what it was: "去年这时候还是 199")
    r"(?<!时候)(?<!去年)(?<!以前)(?<!之前)(?<!原来)(?<!当时)"
    r"还是(?=[在用停按那老每去找走住做上跟原]|\s?\d|\s?[¥$])|\bstill (?=[€$£¥]?\d)|仍然|仍旧|依旧|依然|照旧|照常|不变|没变|没有变|无变|(?<!不)一样|"
    # Teochew and Cantonese: not moved ("抖音个拼盘套餐99无动", 冇动)
    r"(?<=\d)\s?(?:无动|冇动|没动)|"
    # Spanish, Maltese and Slovenian: stays, the same ("la de la noche sigue 10", "Prezz
    # l-istess, 4.20", "370 ml ostanejo 0,48", "isto 5 kg/mesec")
    r"\bsiguen? (?=\d|igual\b)|\bqueda(?:n)? igual\b|\bl-istess\b"
    r"|\bostane(?:jo)? (?=\d|isto\b|enako\b)|\bisto (?=\d)",
    re.IGNORECASE,
)
"""A clause that says the thing stays as it is ("same Business plan, 8 seats", "新车还是停
B2-136车位", "Platform stays on Unleash"): the change word next to it changes nothing of it."""
_KEPT = re.compile(
    # (not "Saw Dr Raj Patel instead ... I'll stick with him as our GP": the new one)
    r"\bnot switching\b|\b(?:staying|sticking|stick|stay) with\b(?! (?:him|her)\b)|\bdecided to (?:stay|keep)\b|"
    # the Midlands' and North's "stop with" for staying with ("Compare the Market had Aviva
    # £40 cheaper ... stopped with Admiral"; "they're stopping with Octopus")
    r"\b(?:stopp(?:ed|ing)|stops?) with\b(?! (?:him|her|them|us|me)\b)|"
    # nothing decided ("Denise on about moving to Mablethorpe ... nowt decided"), talked out
    # of it ("Tracey on about cancelling Netflix again ... talked her out of it")
    r"\b(?:nowt|nothing|not yet|not) decided\b|\btalked (?:him|her|them|me|us) out of it\b|"
    # an offer turned down, in Trinidad English ("try to get it for $1,000 instead of $1,100. I
    # tell she nah, rate is rate")
    r"\b(?:tell|told) (?:him|her|she|them|dem) (?:nah|no)\b|"
    r"\bkeeping (?:it|them|the same)\b|决定不换|先不换|不换了|"
    # an offer let pass ("he's keeping the £22 deal", "not bothering, leaving the mortgage as
    # it is")
    r"\bkeeping (?:the|his|her|their|my|our) (?:[£€$]\s?\d|old\b|current\b)|"
    r"\bleaving (?:it|them|the \w+) as (?:it is|they are)\b|"
    # a quote turned down ("quote for the boiler service, £110 — told them no thanks"), a
    # switch that could not be made ("... no coverage our row. So stay Unifi lor")
    r"\b(?:told (?:them|him|her)|said|sabi ko) no thanks?\b|\bturned (?:it|them|that) down\b|\bso stay\b|"
    # a plan given up ("looked at a second premises ... too much; idea dropped")
    r"\b(?:idea|plan) (?:dropped|scrapped|shelved|abandoned)\b|\bdropped the (?:idea|plan)\b|"
    # Spanish: staying with ("... al final me quedo con Claro igual, misma velocidad")
    r"\b(?:me quedo|me quedé|nos quedamos) con\b|"
    # Turkish: staying with ("TurkNet aradı: 1000 Mbps 499 TL ... Superonline'da kalıyorum")
    r"['’](?:da|de|ta|te) kal(?:ıyorum|ıyoruz|acağım|dım)\b|"
    # Taiwanese Hokkien: no need ("...報伊的魚料一包 740 ... 我講福壽用慣勢矣，免啦")
    r"免啦|免了啦|"
    # Chinese "not switching" said flat ("我这个Mate40还好用得很 不换 浪费钱"; not 换不换)
    r"(?<![换要])不换(?:了|啦)?(?=\s|[，,。.!！]|$)|"
    # Singlish: stay then ("... penalty not worth. Forget it, stay lor")
    r"\bstay (?:lah|lor|la|liao)\b|"
    # not decided ("Kelvin 又講叫我賣咗 ... 間屋 ... 我話再諗下先，未決定")
    r"未决定|还没决定|没有?决定|再谂下|再想想|"
    # not switched, for the bother (让把会员退了换腾讯视频，用户嫌折腾，没换; not "四年级了，班主任
    # 没换", where only the teacher stays)
    r"嫌[^，,。；;]{0,4}[，,]\s?没有?换|懒得换|没舍得换|"
    # given up and taken up again ("建国戒烟戒了三天又抽上了")
    r"又(?:抽|喝|吸)上了|又开始(?:抽|喝)|没戒成|没戒掉",
    re.IGNORECASE,
)
"""A line that weighs a change and keeps what is ("Admiral quoted £590 vs Flux renewal at
£640 ... not switching. Staying with Flux"): none of its change words changes anything."""
_SAME_NEXT = re.compile(r"\s*same\b", re.IGNORECASE)
"""The clause after a change that says its terms are the same ("renewal quote in: same
Business plan, 8 seats"); not one that says some other part stays ("由赵老师来上，时间地点不变")."""
_DAY_DOT_MONTH = (
    # German and Scandinavian, Latvian, Czech, Polish and Finnish, as a day's number with a dot
    # comes before them ("ab 1. Juli", "no 1. jūlija", "od 1. července", "od 1. lipca")
    r"januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember"
    r"|janvār\w*|februār\w*|mart\w*|aprīl\w*|maij\w*|jūnij\w*|jūlij\w*|august\w*"
    r"|septembr\w*|oktobr\w*|novembr\w*|decembr\w*"
    r"|ledna|února|března|dubna|května|června|července|srpna|září|října|listopadu|prosince"
    r"|stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października"
    r"|listopada|grudnia|tammikuuta|helmikuuta|maaliskuuta|huhtikuuta|toukokuuta|kesäkuuta"
    r"|heinäkuuta|elokuuta|syyskuuta|lokakuuta|marraskuuta|joulukuuta"
)
_NOT_A_DAYS_DOT = (
    rf"(?!(?<=\b\d\.)\s(?:{_DAY_DOT_MONTH})\b)(?!(?<=\b\d\d\.)\s(?:{_DAY_DOT_MONTH})\b)"
)
"""Not the dot after a day's number, before a month's name."""
_CLAUSE_SPLIT = re.compile(
    r"[，;；。！!？?→]|->|,(?!\d)|(?<!\bmr)(?<!\bms)(?<!\bmrs)(?<!\bdr)(?<!\bst)(?<!\bprof)(?<!\bvs)"
    # (nor at the dot that closes a day and month, or Swiss francs: "ab 1.4. Fr. 8.20", nor
    # at the dot after a day's number before a month's name: "no 1. jūlija īre 920 €")
    r"(?<!\b\d\.\d)(?<!\b\d\d\.\d)(?<!\b\d\.\d\d)(?<!\b\d\d\.\d\d)(?<!\bfr)"
    rf"\.{_NOT_A_DAYS_DOT}(?:\s|$)|\s[—–-]\s|:\s"
    # what stays, after an enumeration comma ("脈優換做 10mg 的、一樣早上一粒")
    r"|、(?=\s?(?:一样|还是|照旧|照常|不变|没变))"
)
"""Where a line's clauses end (not at the full stop of a title: "New teacher Mr. Loh")."""


@dataclass(frozen=True)
class Cue:
    kind: str
    """``removal``, ``directional``, ``replace``, ``reschedule`` or ``weak``."""
    words: str
    clause: str
    position: int
    """Offset of the cue inside ``clause``."""
    hedged: bool
    """The clause is future, conditional or a question."""


@functools.lru_cache(maxsize=50000)
def said_once(text: str) -> bool:
    """The line tells of a change that holds once, or weighs one and keeps what is ("This
    week only...", "不换了", "staying with Aussie Broadband"): it changes nothing."""
    norm = _as_english(normalize(text))
    return bool(_ONE_OFF.search(norm) or _KEPT.search(norm))


_DONE_ZH = re.compile(r"(?:换成|换了|改成|改了|转到)[^，。,;；]{0,16}了(?!解)")
"""A Chinese change said as done ("换成 a2 紫白金 2 段了")."""


_SCOTS = {"fae": "from", "tae": "to", "intae": "into", "ower": "over", "wi": "with", "awa": "away"}
_PATOIS = {"dis": "this", "dat": "that", "wid": "with", "inna": "in", "pon": "on"}
_DIALECT = _SCOTS | _PATOIS
_DIALECT_WORD = re.compile(r"(?<![\w'-])(" + "|".join(_DIALECT) + r")(?![\w'-])")
"""Scots and Jamaican words of a change, read as English ("Switched the gas n leccy fae
Octopus tae So Energy", "took ower the Dyce contract", "a come tomorrow instead, just dis one
week")."""


def _as_english(norm: str) -> str:
    return _DIALECT_WORD.sub(lambda m: _DIALECT[m.group(1)], norm)


_PHRASE_GAP = re.compile(r"(?<=[\u4e00-\u9fff]) (?=[\u4e00-\u9fff])")
"""A space between Chinese characters: where voice typing without punctuation leaves a
pause ("浩浩大三开学了 说这学期要选方向 他想学人工智能")."""
_PUNCTUATED = re.compile(r"[，,。；;！!？?]")
VOICE_PHRASE_CHARS = 5
"""Pieces between such spaces this long on average are phrases (a note written word by
word, "老爸 退休 在 屋里", has shorter ones)."""


@functools.lru_cache(maxsize=50000)
def clauses(text: str) -> tuple[str, ...]:
    norm = _as_english(normalize(text))
    parts = [c for c in _CLAUSE_SPLIT.split(norm) if c.strip()]
    if len(parts) == 1 and not _PUNCTUATED.search(norm):
        phrases = _PHRASE_GAP.split(norm)
        if len(phrases) > 1 and len(norm) / len(phrases) >= VOICE_PHRASE_CHARS:
            parts = _joined_short(phrases)
    return tuple(parts)


def _joined_short(phrases: list[str]) -> list[str]:
    """Pauses of voice typing, a piece too short to be a clause joined to the next ("说 豆豆
    昨晚走了" is one clause, so the dog is the one gone)."""
    out: list[str] = []
    carried = ""
    for phrase in phrases:
        phrase = f"{carried} {phrase}" if carried else phrase
        if len(phrase) < VOICE_PHRASE_CHARS:
            carried = phrase
        else:
            out.append(phrase)
            carried = ""
    if carried:
        if out:
            out[-1] = f"{out[-1]} {carried}"
        else:
            out.append(carried)
    return out


_SO = re.compile(r"\bso\b|所以|于是")
"""A consequence: what was done after what stays."""


@functools.lru_cache(maxsize=50000)
def cues(text: str) -> tuple[Cue, ...]:
    """Every change cue of ``text`` with the clause it sits in."""
    found: list[Cue] = []
    previous_hedged = False
    # a change said to hold once makes the whole line about that once ("This week only
    # I'm covering Penang; back on Port Klang from Monday" changes nothing)
    once = said_once(text)
    fever = bool(_FEVER.search(normalize(text)))  # "发烧37.8...半夜退了": the fever went
    parts = clauses(text)
    accepted = bool(_ACCEPTED.search(normalize(text)))
    for index, clause in enumerate(parts):
        future = bool(_FUTURE.search(clause))
        if future and accepted and not _FUTURE.search(_PROPOSAL.sub(" ", clause)):
            future = False  # "Marcus 想将 weekly sync 改到逢星期四 ... fine with me": agreed
        # a suggestion in the clause before, then what was done ("医生建议试试别的，换成 a2
        # 紫白金 2 段了": the change was made)
        hedged = future or once or (previous_hedged and not _DONE_ZH.search(clause))
        previous_hedged = future
        # it stays as it is, said in this clause, or in the next one when this one gives
        # no value of its own ("renewal quote in: same plan"; not "从 9 月开始每月 ¥4900,
        # 还是每月 5 号转", where the rent changes and the day stays)
        nxt = parts[index + 1] if index + 1 < len(parts) else ""
        hedged = hedged or bool(
            # (not "...move to the Grafton St multi storey. same £42": the price stays)
            _SAME_NEXT.match(nxt) and not typed_values(clause) and not typed_values(nxt)
        )
        stay = _STAY.search(clause)
        for kind, pattern in CUE_CLASSES:
            for match in pattern.finditer(clause):
                if fever and match.group(0).strip() == "退了":
                    continue
                # "an icon Zhou Ming had renamed": an earlier change told as background
                background = clause[max(0, match.start() - 4) : match.start()] == "had "
                # what stays is what the change was made for, not what changed ("BP still
                # 152/94 so she's put the amlodipine up to 10mg")
                stays_too = stay is not None and not _SO.search(
                    clause, stay.end(), max(stay.end(), match.start())
                )
                found.append(
                    Cue(
                        kind,
                        match.group(0).strip(),
                        clause,
                        match.start(),
                        hedged or stays_too or background,
                    )
                )
    return tuple(found)


@functools.lru_cache(maxsize=100000)
def stays(clause: str) -> bool:
    """The clause says something stays as it is ("hotel caps unchanged", 还是, 照旧)."""
    return bool(_STAY.search(clause))


@functools.lru_cache(maxsize=100000)
def hedged_value(text: str, value: Value) -> bool:
    """Whether the clause of ``text`` that gives ``value`` is future, conditional, a
    question or a one-off ("在考虑要不要上 2TB (¥68/月)")."""
    needle = normalize(value.text).strip()
    for clause in clauses(text):
        if needle and needle in clause:
            return bool(
                _FUTURE.search(clause) or _ONE_OFF.search(clause) or _as_usual(clause, needle)
            )
    return False


def _as_usual(clause: str, needle: str) -> bool:
    """The value is said to be as it always is, with no other figure between them ("₱300
    total as usual"; not "批发价调成10.5了,30双起批照旧", where the minimum order stays)."""
    at = clause.find(needle)
    after = clause[at + len(needle) : at + len(needle) + 24]
    before = clause[max(0, at - 24) : at]
    found = _USUAL.search(after)
    if found and not re.search(r"\d", after[: found.start()]):
        return True
    ends = [m.end() for m in _USUAL.finditer(before)]
    return bool(ends) and not re.search(r"\d", before[ends[-1] :])


_USUAL = re.compile(
    r"\bas (?:usual|always|ever|before)\b|\blike (?:always|usual|before)\b|\bsame as (?:always|usual|ever)\b|"
    r"照旧|照常|像往常|跟平时一样|同平时一样|\bcomme d['’]habitude\b|\bcomo siempre\b|\bcomo de costumbre\b|"
    r"\bgaya ng dati\b|\bwie immer\b",
    re.IGNORECASE,
)
"""The clause gives a value as it always is ("pinalinis ang dalawang jeep kay Nonoy, ₱300 total
as usual"): what changed is not the value (two jeeps at ₱150 each)."""


def change_cue(text: str) -> tuple[str, str] | None:
    """``("strong" | "weak", matched words)`` when ``text`` words a change, else None."""
    found = cues(text)
    strong = [
        c for c in found if c.kind in ("removal", "directional", "replace", "former", "reschedule")
    ]
    if strong:
        return "strong", strong[0].words
    weak = [c for c in found if c.kind == "weak"]
    if weak:
        return "weak", weak[0].words
    return None


def additive_cue(text: str, about: tuple[str, ...] | None = None) -> str | None:
    """The word that makes ``text`` add to what is known ("also", 也); with ``about``, only
    in a clause holding one of those words or values ("£75 for the rehair. Bill had a look
    at the bridge too" adds nothing to the rehair)."""
    if about is None:
        found = ADDITIVE.search(normalize(text))
        return found.group(0) if found else None
    for clause, word in _additive_clauses(text):
        if any(about_word and about_word in clause for about_word in about):
            return word
    return None


@functools.lru_cache(maxsize=50000)
def _additive_clauses(text: str) -> tuple[tuple[str, str], ...]:
    """The clauses of ``text`` that hold an additive word, with that word."""
    out = []
    for clause in clauses(text):
        # an aside in brackets adds about itself ("PB 912 now (8th floor reno too)")
        found = ADDITIVE.search(_ASIDE.sub(" ", clause))
        if found:
            out.append((clause, found.group(0)))
    return tuple(out)


_ASIDE = re.compile(r"\([^()]*\)|（[^（）]*）")
