<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ApprovalPreview</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/approval_preview.py" line="+15"/>
        <source>MEMORY.md (after approval)</source>
        <translation>MEMORY.md（批准后）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>No change: the entry is already in MEMORY.md.</source>
        <translation>无变化：该条目已在 MEMORY.md 中。</translation>
    </message>
</context>
<context>
    <name>ArchiveDialog</name>
    <message>
        <location filename="../../app/reverie/gui/health/archive_dialog.py" line="+115"/>
        <source>Archived entries</source>
        <translation>已归档的条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Entries the review moved out of MEMORY.md into {archive}, which the agent does not see. Restore puts one back where it was, under the line it followed (Undo reverses that too).</source>
        <translation>审查从 MEMORY.md 移到 {archive} 的条目，智能体看不到它们。“恢复”会把条目放回原处，即它原来所跟的那一行之后（“撤销”也可以撤回恢复）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <location line="+42"/>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <location line="-41"/>
        <location line="+42"/>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="-41"/>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <location line="+42"/>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="-41"/>
        <location line="+42"/>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="-15"/>
        <source>Kept and snoozed findings</source>
        <translation>已保留和已暂缓的发现</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Findings you kept, or snoozed until a day, are not listed by the review. Reopen one to see it again at the next review (nothing in MEMORY.md changes).</source>
        <translation>你保留的发现，或暂缓到某天的发现，审查不再列出。重新打开一项，下次审查时它会再次出现（MEMORY.md 不会改动）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Nothing is kept or snoozed.</source>
        <translation>没有保留或暂缓的发现。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reopen</source>
        <translation>重新打开</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location line="-48"/>
        <source>Nothing is archived.</source>
        <translation>没有已归档的条目。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
</context>
<context>
    <name>CandidatesFilter</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/candidates_model.py" line="+349"/>
        <source>All gates</source>
        <translation>全部门槛</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Passing</source>
        <translation>通过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Failing</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Any decision</source>
        <translation>任意决定</translation>
    </message>
</context>
<context>
    <name>CandidatesModel</name>
    <message>
        <location line="-321"/>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Snippet</source>
        <translation>摘录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Signals</source>
        <translation>信号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Days</source>
        <translation>天数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Age</source>
        <translation>时长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gates</source>
        <translation>门槛</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decision</source>
        <translation>决定</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>daily note</source>
        <translation>日记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not promoted</source>
        <translation>未晋升</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>signal</source>
        <translation>信号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>signals</source>
        <translation>信号</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>queries</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>age</source>
        <translation>时长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>promotable</source>
        <translation>可晋升</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>located</source>
        <translation>已定位</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>waiting</source>
        <translation>待定</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>approved</source>
        <translation>已批准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>promoted</source>
        <translation>已晋升</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rejected</source>
        <translation>已拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>snoozed</source>
        <translation>稍后处理</translation>
    </message>
    <message>
        <location line="+41"/>
        <source>frequency</source>
        <translation>频次</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>relevance</source>
        <translation>相关性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>diversity</source>
        <translation>多样性</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>recency</source>
        <translation>新近度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>consolidation</source>
        <translation>巩固度</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>conceptual</source>
        <translation>概念性</translation>
    </message>
    <message>
        <location line="+122"/>
        <source>Each component&apos;s weighted contribution, then the light/REM phase boost, stacked to the score; the red line is minScore.</source>
        <translation>各分项的加权贡献，再加上浅睡/REM 阶段加成，堆叠成总分；红线为 minScore。</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>{days} d</source>
        <translation>{days} 天</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>✓ passes</source>
        <translation>✓ 通过</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>phase boost: {boost}</source>
        <translation>阶段加成：{boost}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>score {score} vs minScore {min_score}</source>
        <translation>分数 {score}，minScore {min_score}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>blocked: {reason}</source>
        <translation>受阻：{reason}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{where} (ledger key {key})</source>
        <translation>{where}（记录簿键 {key}）</translation>
    </message>
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/command_palette.py" line="+99"/>
        <source>Go to file or command</source>
        <translation>转到文件或命令</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>File name, &gt; command, or :line number</source>
        <translation>文件名、&gt; 命令或 :行号</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Go to line {n}</source>
        <translation>转到第 {n} 行</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>{n} matches · Enter to open · Esc to close</source>
        <translation>{n} 个匹配 · Enter 打开 · Esc 关闭</translation>
    </message>
</context>
<context>
    <name>CompareDialog</name>
    <message>
        <location filename="../../app/reverie/gui/dialogs/compare_dialog.py" line="+47"/>
        <source>Compare: {name}</source>
        <translation>比较：{name}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>&lt;b&gt;Yours&lt;/b&gt; (unsaved, {n} lines differ)</source>
        <translation>&lt;b&gt;你的版本&lt;/b&gt;（未保存，{n} 行不同）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;On disk&lt;/b&gt; ({n} lines differ)</source>
        <translation>&lt;b&gt;磁盘上的版本&lt;/b&gt;（{n} 行不同）</translation>
    </message>
</context>
<context>
    <name>ConflictBar</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/conflict_bar.py" line="+22"/>
        <source>Merge…</source>
        <translation>合并…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Bring their changes into your text; lines both of you changed are shown for you to choose</source>
        <translation>将对方的更改并入你的文本；双方都改过的行会列出供你选择</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Reload theirs</source>
        <translation>重新载入磁盘版本</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Replace the buffer with the file on disk (Undo brings yours back)</source>
        <translation>用磁盘上的文件替换编辑内容（撤销可恢复你的版本）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep mine…</source>
        <translation>保留我的版本…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save your version over the file on disk, after confirmation</source>
        <translation>确认后用你的版本覆盖磁盘上的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close tab</source>
        <translation>关闭标签页</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; was deleted or moved by another program; your unsaved text is kept here.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; 已被其他程序删除或移动；你未保存的文本仍保留在这里。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; was deleted or moved by another program. Close the tab, or write this text back with Keep mine.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; 已被其他程序删除或移动。请关闭标签页，或用“保留我的版本”将此文本写回。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; was changed by another program while you had unsaved edits. Merge brings their changes into yours.</source>
        <translation>在你有未保存的编辑时，&lt;b&gt;{name}&lt;/b&gt; 被其他程序修改了。“合并”可将对方的更改并入你的版本。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>{cannot_read} Your unsaved text is kept here; nothing is written over the file without asking.</source>
        <translation>{cannot_read}你未保存的文字仍保留在这里；未经询问不会覆盖该文件。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{cannot_read} Nothing was written to it; this tab reloads it once it can be read.</source>
        <translation>{cannot_read}没有向它写入任何内容；一旦能读取，这个标签页就会重新载入它。</translation>
    </message>
</context>
<context>
    <name>ContextDialog</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/context_panel.py" line="+357"/>
        <source>What the agent sees at session start</source>
        <translation>智能体在会话开始时看到的内容</translation>
    </message>
</context>
<context>
    <name>ContextPanel</name>
    <message>
        <location line="-300"/>
        <source>there, but cannot be read: {reason} (not injected)</source>
        <translation>文件存在，但无法读取：{reason}（未注入）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>there, but cannot be read: {reason} (a [MISSING] line is injected)</source>
        <translation>文件存在，但无法读取：{reason}（注入一行 [MISSING]）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>absent (not injected)</source>
        <translation>不存在（未注入）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>missing: a [MISSING] line is injected</source>
        <translation>缺失：注入一行 [MISSING]</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not injected: total budget spent</source>
        <translation>未注入：总预算已用完</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>cut: {n} characters not seen</source>
        <translation>被截断：{n} 个字符看不到</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>near its cap ({pct}%)</source>
        <translation>接近上限（{pct}%）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>whole</source>
        <translation>完整</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{raw} characters on disk, {injected} injected, cap {cap}</source>
        <translation>磁盘上 {raw} 个字符，注入 {injected} 个，上限 {cap}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{injected} characters injected, cap {cap}</source>
        <translation>注入 {injected} 个字符，上限 {cap}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Kept head ({n} characters)</source>
        <translation>保留的开头（{n} 个字符）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Cut: {n} characters, lines {first}–{last} of the file</source>
        <translation>截掉：{n} 个字符，文件第 {first}–{last} 行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Cut: {n} characters</source>
        <translation>截掉：{n} 个字符</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept tail ({n} characters)</source>
        <translation>保留的结尾（{n} 个字符）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>File</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Raw</source>
        <translation>原始</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Injected</source>
        <translation>注入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Cap</source>
        <translation>上限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tokens</source>
        <translation>Token 数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+30"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Reading the workspace…</source>
        <translation>正在读取工作区…</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>The session-start view failed: {error}</source>
        <translation>会话开始视图出错：{error}</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>(no agent)</source>
        <translation>（无智能体）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Agent &lt;b&gt;{agent}&lt;/b&gt;: {total} of {cap} characters of bootstrap files (per file {per_file}, USER.md {user}); startup prelude {startup} of {startup_cap} characters from {days} days; about {tokens} tokens.</source>
        <translation>智能体 &lt;b&gt;{agent}&lt;/b&gt;：启动注入文件 {total} / {cap} 个字符（每个文件 {per_file}，USER.md {user}）；启动前言 {startup} / {startup_cap} 个字符，来自 {days} 天；约 {tokens} 个 token。</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>{name} is {raw} characters, over its cap of {cap}: the agent does not see {cut} characters in the middle at session start.</source>
        <translation>{name} 有 {raw} 个字符，超过上限 {cap}：会话开始时智能体看不到中间的 {cut} 个字符。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{name} is {raw} characters, {pct}% of its cap of {cap}: it will be cut soon.</source>
        <translation>{name} 有 {raw} 个字符，是上限 {cap} 的 {pct}%：很快就会被截断。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Startup prelude</source>
        <translation>启动前言</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>startupContext is off for this agent.</source>
        <translation>此智能体的 startupContext 已关闭。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Added on {applies} runs: daily notes of the last {days} days up to {today}, {per_file} characters each, {total} in all.</source>
        <translation>在 {applies} 时加入：截至 {today} 最近 {days} 天的日记，每篇 {per_file} 个字符，共 {total} 个。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>No daily note for these days.</source>
        <translation>这几天没有日记。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{path}: {injected} of {raw} characters</source>
        <translation>{path}：{injected} / {raw} 个字符</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <location filename="../../app/reverie/gui/controller.py" line="+378"/>
        <source>The embedding model {new} could not be loaded; still using {old}.</source>
        <translation>无法加载嵌入模型 {new}；仍在使用 {old}。</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>indexing</source>
        <translation>正在索引</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>re-indexing</source>
        <translation>正在重新索引</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>embedding</source>
        <translation>正在嵌入</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>re-embedding</source>
        <translation>正在重新嵌入</translation>
    </message>
    <message>
        <location line="+79"/>
        <source>Indexing failed: {error}</source>
        <translation>索引失败：{error}</translation>
    </message>
    <message>
        <location line="+83"/>
        <location line="+21"/>
        <source>Session transcripts are read-only here.</source>
        <translation>会话记录在这里是只读的。</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>{path} already exists; choose another name.</source>
        <translation>{path} 已存在；请换一个名称。</translation>
    </message>
    <message>
        <location line="+171"/>
        <source>{name} was not deleted: no system trash is available here. Delete it with your file manager if you are sure.</source>
        <translation>{name} 未被删除：这里没有可用的系统回收站。如果确定，请用文件管理器删除它。</translation>
    </message>
</context>
<context>
    <name>ConversationView</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/conversation_view.py" line="+13"/>
        <source>You / user</source>
        <translation>你 / 用户</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No user or assistant messages in this transcript.</source>
        <translation>此会话记录中没有用户或助手的消息。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{when} · line {line}</source>
        <translation>{when} · 第 {line} 行</translation>
    </message>
</context>
<context>
    <name>CorePhrases</name>
    <message>
        <location filename="../../app/reverie/gui/phrases.py" line="+68"/>
        <source>newer line in {path}{when}{since} about the same subject ({shared}): {why}</source>
        <translation>{path} 里有一行较新的记录{when}{since}，谈到同一件事（{shared}）：{why}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> ({day})</source>
        <translation>（{day}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> after the entry ({day}, {how})</source>
        <translation>，晚于这条记忆（{day}，{how}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>says &quot;{words}&quot;</source>
        <translation>写着“{words}”</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>says what it became</source>
        <translation>写明了改成什么</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>says &quot;{words}&quot;: {change}</source>
        <translation>写着“{words}”：{change}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>date {old} → {new}</source>
        <translation>日期 {old} → {new}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>different value</source>
        <translation>值不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{why}; {old} → {new}</source>
        <translation>{why}；{old} → {new}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{why}; {kind} {old} → {new}</source>
        <translation>{why}；{kind} {old} → {new}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>near-duplicate of line {line}: {how}</source>
        <translation>与第 {line} 行几乎重复：{how}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{percent}% of their words are the same</source>
        <translation>{percent}% 的词相同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one contains the other</source>
        <translation>一条包含另一条</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{matched} of its {size} words said again</source>
        <translation>它的 {size} 个词中有 {matched} 个又说了一遍</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{matched} of its {size} words said again, some in the other language</source>
        <translation>它的 {size} 个词中有 {matched} 个又说了一遍，部分用的是另一种语言</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the same number ({number}) about the same thing</source>
        <translation>同一件事、同一个号码（{number}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>says the same in other words (similar in meaning: {cosine})</source>
        <translation>换了说法讲同一件事（语义相似度 {cosine}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&quot;{quoted}&quot;: {day} has passed ({days} days ago)</source>
        <translation>“{quoted}”：{day} 已经过去（{days} 天前）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&quot;{words}&quot; is relative to a day the entry does not name</source>
        <translation>“{words}”是相对时间，这条记忆却没写是哪一天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&quot;{words}&quot; was written {days} days ago ({day})</source>
        <translation>“{words}”写于 {days} 天前（{day}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ongoing work not mentioned or recalled for {days} days; {where}</source>
        <translation>进行中的事已有 {days} 天没被提到或召回；{where}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>last mentioned in {path} ({day})</source>
        <translation>最后一次出现在 {path}（{day}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>last seen {day}</source>
        <translation>最后一次见到是 {day}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>MEMORY.md has {chars} characters, {percent}% of the {limit} the agent gets; past that the middle is cut</source>
        <translation>MEMORY.md 有 {chars} 个字符，是智能体能读入的 {limit} 的 {percent}%；超过后中间部分会被截掉</translation>
    </message>
    <message>
        <location line="-4"/>
        <source>MEMORY.md has {chars} characters, over the {limit} the agent gets ({percent}%): lines {start}-{end} ({cut} characters) are cut from every session</source>
        <translation>MEMORY.md 有 {chars} 个字符，超过了智能体能读入的 {limit}（{percent}%）：第 {start}-{end} 行（{cut} 个字符）每次会话都被截掉</translation>
    </message>
    <message>
        <location line="-86"/>
        <source>{path} is a symbolic link: Reverie does not write through links (its index does not read them either); put the file itself in the workspace</source>
        <translation>{path} 是符号链接：Reverie 不经由链接写入（索引也不读取链接）；请把文件本身放进工作区</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} is read-only: Reverie leaves it as it is; make it writable to change it</source>
        <translation>{path} 是只读的：Reverie 不会改动它；要修改请先设为可写</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>no OpenClaw state folder: documented defaults</source>
        <translation>没有 OpenClaw 状态文件夹：用文档中的默认值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot read: {error}</source>
        <translation>无法读取：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>broken symbolic link</source>
        <translation>符号链接已失效</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{size} bytes, over maxFileBytes ({limit})</source>
        <translation>{size} 字节，超过 maxFileBytes（{limit}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not injected: the total budget is spent</source>
        <translation>未注入：总预算已用完</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not injected: under {chars} characters of the total budget were left</source>
        <translation>未注入：总预算只剩不到 {chars} 个字符</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>missing</source>
        <translation>缺失</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut to the {chars} characters left of the total budget</source>
        <translation>截短到总预算剩下的 {chars} 个字符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unreadable</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>maxTotalChars spent</source>
        <translation>maxTotalChars 已用完</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut to maxFileChars ({chars})</source>
        <translation>截短到 maxFileChars（{chars}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cut to the {chars} characters left of maxTotalChars</source>
        <translation>截短到 maxTotalChars 剩下的 {chars} 个字符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is {chars} characters; the agent sees {injected} (cap {cap}): {cut} characters in the middle are cut</source>
        <translation>{name} 有 {chars} 个字符；智能体只看到 {injected} 个（上限 {cap}）：中间 {cut} 个字符被截掉</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{name} is not injected: {note}</source>
        <translation>{name} 未被注入：{note}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} cannot be read: {reason}</source>
        <translation>无法读取 {name}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{name} is {chars} characters, {percent}% of its cap ({cap}): it will be cut soon</source>
        <translation>{name} 有 {chars} 个字符，是其上限（{cap}）的 {percent}%：很快就会被截断</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no {path}: documented defaults</source>
        <translation>没有 {path}：用文档中的默认值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{error}; documented defaults used</source>
        <translation>{error}；已改用文档中的默认值</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>the edited text is empty</source>
        <translation>编辑后的文字是空的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the edited text may not hold an HTML comment (&lt;!-- or --&gt;)</source>
        <translation>编辑后的文字不能含有 HTML 注释（&lt;!-- 或 --&gt;）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{key} was already promoted at {when}</source>
        <translation>{key} 已在 {when} 晋升过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{key} is already promoted ({when}); undo the approval first</source>
        <translation>{key} 已经晋升（{when}）；请先撤销批准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MEMORY.md has no line {line}</source>
        <translation>MEMORY.md 没有第 {line} 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>there is no approval to undo</source>
        <translation>没有可以撤销的批准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MEMORY.md changed after the last approval; undo it by hand</source>
        <translation>上次批准之后 MEMORY.md 被改过了；请手动撤销</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MEMORY.md changed while undoing; nothing was changed</source>
        <translation>撤销时 MEMORY.md 被改动了；没有做任何修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the snooze date must be after {today} (today); {day} would not hide the candidate</source>
        <translation>稍后处理的日期必须在今天（{today}）之后；{day} 藏不住这个候选</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>defaults</source>
        <translation>默认值</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>the same day ({day}) of the same thing</source>
        <translation>同一件事的同一天（{day}）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>{path} is not valid UTF-8 (byte {byte}); save it as UTF-8 before acting on its entries (nothing was written)</source>
        <translation>{path} 不是有效的 UTF-8（第 {byte} 字节）；请先存成 UTF-8 再操作其中的条目（没有写入任何内容）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} line {line} is not what the edit expects</source>
        <translation>{path} 第 {line} 行与这次修改预期的不一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the archive is not what the action expects</source>
        <translation>归档与该操作预期的不一致</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} line {line} no longer holds this entry</source>
        <translation>{path} 第 {line} 行已经不是这条记忆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} changed since this finding was computed; refresh the review</source>
        <translation>{path} 在这项审查结果算出之后被改过了；请刷新审查</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>a budget finding can only be kept or snoozed; retire entries instead</source>
        <translation>大小问题只能保留或稍后处理；请改为让条目退役</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>merge applies to duplicate findings</source>
        <translation>合并只用于重复项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>update needs the new text of the entry</source>
        <translation>更新需要条目的新文字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the new text is one entry: write it on one line (it had a line break)</source>
        <translation>新文字是一条记忆：请写成一行（其中有换行）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the new text is the same as the entry; edit it first</source>
        <translation>新文字与原条目相同；请先修改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the new text has no words of its own (only a bullet, spaces or punctuation)</source>
        <translation>新文字里没有内容（只有列表符号、空格或标点）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>the new text may not hold an HTML comment (&lt;!-- or --&gt;): it would hide the entry, and Reverie and OpenClaw keep their markers in comments</source>
        <translation>新文字里不能有 HTML 注释（&lt;!-- 或 --&gt;）：它会把条目藏起来，而且 Reverie 和 OpenClaw 的标记就写在注释里</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>no day comes {days} days after {today}</source>
        <translation>{today} 之后没有第 {days} 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>snooze until must be YYYY-MM-DD, not {given}</source>
        <translation>暂缓到的日期要写成 YYYY-MM-DD，而不是 {given}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>snooze until {day} is not after today ({today}): the finding would show again at once; pick a later day or keep it</source>
        <translation>暂缓到 {day} 不在今天（{today}）之后：这项结果会马上再出现；请选更晚的日子，或者选择保留</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} no longer holds the entry this one duplicates</source>
        <translation>{path} 里已经没有与它重复的那条记忆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} changed on disk; refresh the review and try again</source>
        <translation>{path} 在磁盘上被改过了；请刷新审查后再试</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>another action was recorded since this one was planned; refresh</source>
        <translation>预览之后又记录了另一个操作；请刷新</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>nothing to undo</source>
        <translation>没有可以撤销的操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} changed since action {seq}; undo refused</source>
        <translation>{path} 在操作 {seq} 之后被改过了；拒绝撤销</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the archive no longer holds the entry of action {seq}</source>
        <translation>归档里已经没有操作 {seq} 的条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the entry of action {seq} is already in {path} at line {line}; nothing was restored (its archived copy stays in the archive)</source>
        <translation>操作 {seq} 的条目已经在 {path} 第 {line} 行；没有恢复任何内容（归档里的副本保留）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>reading {path}</source>
        <translation>正在读取 {path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>index up to date</source>
        <translation>索引已是最新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>compacting the keyword index</source>
        <translation>正在压缩关键词索引</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>embedding</source>
        <translation>正在计算向量</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>the text analysis changed (a new version of it)</source>
        <translation>文本分析已更新（新版本）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the chunking settings changed</source>
        <translation>分块设置已更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the way notes are embedded changed ({old} -&gt; {new})</source>
        <translation>笔记的向量计算方式已更改（{old} -&gt; {new}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the embedding model changed ({old} -&gt; {new})</source>
        <translation>向量模型已更换（{old} -&gt; {new}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rebuilding the index ({reason}): {step}</source>
        <translation>正在重建索引（{reason}）：{step}</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>an override needs a path or pattern in the workspace, e.g. memory/people.md, memory/archive/ or memory/*-decisions.md</source>
        <translation>覆盖设置需要工作区里的路径或模式，例如 memory/people.md、memory/archive/ 或 memory/*-decisions.md</translation>
    </message>
    <message>
        <location line="-71"/>
        <source>likely says the same in other words (similar in meaning: {cosine}; {matched} of its {size} words said again)</source>
        <translation>很可能换了说法讲同一件事（语义相似度 {cosine}；它的 {size} 个词中有 {matched} 个又说了一遍）</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>{pattern} is an absolute path: an override names files by their path inside the workspace folder, e.g. memory/people.md</source>
        <translation>{pattern} 是绝对路径：覆盖设置用文件在工作区文件夹里的路径来指定文件，例如 memory/people.md</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{pattern} has a &apos;..&apos; step, which no path inside the workspace has: an override names files by their path inside the workspace folder, e.g. memory/people.md</source>
        <translation>{pattern} 含有 &apos;..&apos;，工作区里的路径不会有这一步：覆盖设置用文件在工作区文件夹里的路径来指定文件，例如 memory/people.md</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>workspace folder not found: {path}</source>
        <translation>找不到工作区文件夹：{path}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} is a file, not a workspace folder: give the folder that holds MEMORY.md</source>
        <translation>{path} 是文件，不是工作区文件夹：请给出放着 MEMORY.md 的文件夹</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{item} refers to {ref}, which no Telos file defines</source>
        <translation>{item} 引用了 {ref}，但没有任何 Telos 文件定义它</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cycle in the chain: {cycle}</source>
        <translation>链中出现循环：{cycle}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>confidence {value}% is over 100%</source>
        <translation>置信度 {value}% 超过了 100%</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>code block is never closed; the rest of the file was skipped</source>
        <translation>代码块没有闭合；文件的其余部分已跳过</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no Telos section found (## PROBLEMS, ## MISSION, ## GOALS, ...)</source>
        <translation>没有找到 Telos 分节（## PROBLEMS、## MISSION、## GOALS……）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>journal line without a date (write it as &apos;DD/MM/YYYY: ...&apos;)</source>
        <translation>日志行没有日期（请写成“DD/MM/YYYY: ...”）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{id} has no text</source>
        <translation>{id} 没有文字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>item has no text</source>
        <translation>条目没有文字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>row has no text</source>
        <translation>表格行没有文字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>id &apos;{prefix}&apos; has no number (write it as G1, G2 ...)</source>
        <translation>id“{prefix}”没有编号（请写成 G1、G2……）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{id} is written under {section} (its prefix is for {expected})</source>
        <translation>{id} 写在 {section} 下（它的前缀属于 {expected}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>row has {cells} cells, the header above has {header}</source>
        <translation>这一行有 {cells} 个单元格，上面的表头有 {header} 个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duplicate id {id} (also at line {line})</source>
        <translation>重复的 id {id}（第 {line} 行也有）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duplicate id {id} (also at {path}:{line})</source>
        <translation>重复的 id {id}（{path}:{line} 也有）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>symbolic link: linked files are not read</source>
        <translation>符号链接：不读取链接的文件</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>not valid JSON</source>
        <translation>不是有效的 JSON</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not a JSON object</source>
        <translation>不是 JSON 对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>message record without a message object</source>
        <translation>消息记录里没有消息对象</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>line {shown}</source>
        <translation>第 {shown} 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lines {shown}</source>
        <translation>第 {shown} 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>lines {shown} and {rest} more</source>
        <translation>第 {shown} 行及另外 {rest} 行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{lines}: {reason}</source>
        <translation>{lines}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{first}; {rest}</source>
        <translation>{first}；{rest}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} broken line skipped ({parts})</source>
        <translation>跳过了 {count} 个损坏的行（{parts}）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{count} broken lines skipped ({parts})</source>
        <translation>跳过了 {count} 个损坏的行（{parts}）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{path}: {reason}</source>
        <translation>{path}：{reason}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot read folder: {error}</source>
        <translation>无法读取文件夹：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot read file: {error}</source>
        <translation>无法读取文件：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>cannot read entry: {error}</source>
        <translation>无法读取条目：{error}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>symbolic link: linked folders are not indexed</source>
        <translation>符号链接：链接的文件夹不会被索引</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>symbolic link: linked files are not indexed</source>
        <translation>符号链接：链接的文件不会被索引</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>symbolic link: linked entries are not indexed</source>
        <translation>符号链接：链接的条目不会被索引</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>folder loop: already walked</source>
        <translation>文件夹循环：已经遍历过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file name is not valid UTF-8: rename it to be indexed</source>
        <translation>文件名不是有效的 UTF-8：重命名后才能被索引</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>extraPaths entry {what}</source>
        <translation>extraPaths 条目 {what}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file too large ({size} bytes; the limit is {limit} bytes)</source>
        <translation>文件过大（{size} 字节；上限为 {limit} 字节）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>file not found</source>
        <translation>找不到文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>permission denied</source>
        <translation>没有权限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>permission denied while writing</source>
        <translation>写入时没有权限</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>binary file (NUL byte at offset {offset}); not Markdown text</source>
        <translation>二进制文件（偏移 {offset} 处有 NUL 字节）；不是 Markdown 文本</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>not valid UTF-8 (byte offset {offset}); save it as UTF-8</source>
        <translation>不是有效的 UTF-8（字节偏移 {offset}）；请以 UTF-8 保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{path} changed on disk since it was opened; reload it or merge the changes before saving</source>
        <translation>{path} 打开后在磁盘上被改过了；请重新载入，或先合并这些改动再保存</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{path} was deleted on disk since it was opened; reload before saving</source>
        <translation>{path} 在打开之后已从磁盘上删除；保存前请重新载入</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path} is read-only; make it writable to save it</source>
        <translation>{path} 是只读的；要保存请先设为可写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>source-note</source>
        <translation>来源笔记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>promotion</source>
        <translation>晋升</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>first-note</source>
        <translation>最早提到的笔记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>first-seen</source>
        <translation>首次见到</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rewritten</source>
        <translation>经审查改写</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ip</source>
        <translation>IP 地址</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>phone</source>
        <translation>电话</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>age</source>
        <translation>年龄</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>version</source>
        <translation>版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>tier</source>
        <translation>会员等级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grade</source>
        <translation>年级</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>quantity</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>time</source>
        <translation>时间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>money</source>
        <translation>金额</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>percent</source>
        <translation>百分比</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>port</source>
        <translation>端口</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>room</source>
        <translation>房间</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>code</source>
        <translation>代码</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weekday</source>
        <translation>星期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>host</source>
        <translation>主机</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>number</source>
        <translation>数字</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>holder</source>
        <translation>担任者</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>arrow</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>DashboardChart</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/charts.py" line="+37"/>
        <source>recall</source>
        <translation>召回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>daily</source>
        <translation>日记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>grounded</source>
        <translation>有据</translation>
    </message>
    <message>
        <location line="+60"/>
        <source>No candidates yet</source>
        <translation>还没有候选</translation>
    </message>
    <message>
        <location line="+42"/>
        <source>Not drawn: the dreaming files cannot be read</source>
        <translation>未绘制：无法读取梦境文件</translation>
    </message>
</context>
<context>
    <name>DemoBar</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/demo_bar.py" line="+21"/>
        <source>&lt;b&gt;This is a demo workspace&lt;/b&gt;, a private copy: edit, search and approve freely. To work on your agent&apos;s memory, open its workspace folder (OpenClaw: &lt;code&gt;~/.openclaw/workspace&lt;/code&gt;).</source>
        <translation>&lt;b&gt;这是演示工作区&lt;/b&gt;，一份私有副本：可以随意编辑、搜索和批准。要处理你的智能体的记忆，请打开它的工作区文件夹（OpenClaw：&lt;code&gt;~/.openclaw/workspace&lt;/code&gt;）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Open workspace…</source>
        <translation>打开工作区…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenClaw agents…</source>
        <translation>OpenClaw 智能体…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Settings…</source>
        <translation>设置…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hide</source>
        <translation>隐藏</translation>
    </message>
</context>
<context>
    <name>DetailPane</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/detail_pane.py" line="+30"/>
        <source>different dates</source>
        <translation>日期不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>different numbers</source>
        <translation>数字不同</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>one of them is negated</source>
        <translation>其中一条是否定的说法</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> (≥ {n} signals)</source>
        <translation>（≥ {n} 个信号）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (≥ {n} queries or days)</source>
        <translation>（≥ {n} 个查询或天数）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> (≤ {n} days old)</source>
        <translation>（≤ {n} 天前）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>component</source>
        <translation>分项</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>× weight</source>
        <translation>× 权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>= adds</source>
        <translation>= 贡献</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>phase boost</source>
        <translation>阶段加成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Gates</source>
        <translation>门槛</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>already present</source>
        <translation>已存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>may conflict</source>
        <translation>可能冲突</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>decision: &lt;b&gt;{decision}&lt;/b&gt;</source>
        <translation>决定：&lt;b&gt;{decision}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> · promoted {when}</source>
        <translation> · 晋升于 {when}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source> · &lt;b&gt;resurfaced&lt;/b&gt; (evidence grew since rejection)</source>
        <translation> · &lt;b&gt;再次出现&lt;/b&gt;（拒绝后证据有所增加）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Why this score</source>
        <translation>为何是这个分数</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>{signals} signals ({recall} recall, {daily} daily, {grounded} grounded) · {queries} unique queries · {days} days · last recalled {age} days ago · avg {avg}, max {max}</source>
        <translation>{signals} 个信号（召回 {recall}，日记 {daily}，有据 {grounded}）· {queries} 个不同查询 · {days} 天 · 最近一次召回在 {age} 天前 · 平均 {avg}，最高 {max}</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Not promotable: {reason}</source>
        <translation>不可晋升：{reason}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>tags: {tags}</source>
        <translation>标签：{tags}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Source (click a line to open it)</source>
        <translation>来源（点击某行即可打开）</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Nearest MEMORY.md entries</source>
        <translation>MEMORY.md 中最相近的条目</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>, vector {score}</source>
        <translation>，向量 {score}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>line {n}: {text}</source>
        <translation>第 {n} 行：{text}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>(lexical {score}{vector})</source>
        <translation>（词汇 {score}{vector}）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>nothing similar in MEMORY.md</source>
        <translation>MEMORY.md 中没有相似内容</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Approval would write</source>
        <translation>批准后将写入</translation>
    </message>
    <message>
        <location line="+15"/>
        <location line="+17"/>
        <source>Recall history</source>
        <translation>召回历史</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Pick a candidate to see why it scored what it scored and what approving it would write.</source>
        <translation>选择一个候选，查看它的得分原因以及批准后将写入的内容。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No promotion candidates yet. A candidate is a passage of a daily note that searches keep finding: every memory_search an agent makes, and every search confirmed with Enter while “Record recalls” is on in the search pane, is counted in the recall ledger. The Phases tab runs the light, REM and deep phases over it.</source>
        <translation>还没有晋升候选。候选是日记中被搜索反复找到的段落：智能体的每次 memory_search，以及在搜索面板开启“记录召回”时按 Enter 确认的每次搜索，都会计入召回记录簿。“阶段”标签页会在其上运行浅睡、REM 和深睡阶段。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Recall history: {searches} searches, {queries} distinct queries</source>
        <translation>召回历史：{searches} 次搜索，{queries} 个不同查询</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Nothing: this candidate is already promoted or cannot be located.</source>
        <translation>无：该候选已晋升或无法定位。</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Approving this makes MEMORY.md {chars} characters, over the {cap} that OpenClaw injects at session start: the agent will not see {cut} characters.</source>
        <translation>批准后 MEMORY.md 将有 {chars} 个字符，超过 OpenClaw 在会话开始时注入的上限 {cap}：智能体将看不到其中 {cut} 个字符。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Approving this makes MEMORY.md {chars} characters, {pct}% of the {cap} that OpenClaw injects at session start.</source>
        <translation>批准后 MEMORY.md 将有 {chars} 个字符，占 OpenClaw 在会话开始时注入上限 {cap} 的 {pct}%。</translation>
    </message>
    <message>
        <location filename="../../app/reverie/gui/health/detail_pane.py" line="+52"/>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>New text of the entry (update) or the merged entry (merge)</source>
        <translation>条目的新文本（更新）或合并后的条目（合并）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Use it</source>
        <translation>采用</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Put the suggested text in the box (check it, then Update…)</source>
        <translation>把建议的文字放进编辑框（核对后再点“更新…”）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Reason (kept in the archive and the audit log)</source>
        <translation>原因（保存在归档和审计日志中）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Update…</source>
        <translation>更新…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Retire</source>
        <translation>退役</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Snooze until</source>
        <translation>稍后处理至</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Replace the entry with the text above; the old one goes to the archive</source>
        <translation>用上方的文本替换该条目；旧条目移入归档</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Move the entry out of MEMORY.md into the archive</source>
        <translation>将该条目从 MEMORY.md 移入归档</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keep one entry (the text above, or the first one) and archive the duplicate</source>
        <translation>保留一个条目（上方的文本，或第一个条目），并将重复项归档</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The entry is right: hide this finding until its evidence changes</source>
        <translation>该条目无误：隐藏此问题项，直到其证据发生变化</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hide this finding until the date</source>
        <translation>隐藏此问题项，直到该日期</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Pick an action to see exactly what changes</source>
        <translation>选择一个操作，查看具体会改动什么</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <location line="+66"/>
        <source>Select a finding to see both sides and act on it.</source>
        <translation>选择一个问题项，查看双方内容并进行处理。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>In MEMORY.md</source>
        <translation>MEMORY.md 中的内容</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>written {date} ({how})</source>
        <translation>写于 {date}（{how}）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>date unknown</source>
        <translation>日期未知</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>MEMORY.md line {line} · {written}</source>
        <translation>MEMORY.md 第 {line} 行 · {written}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>undated</source>
        <translation>无日期</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>No other line: the finding is about the entry itself.</source>
        <translation>没有其他行：此问题项针对的是条目本身。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Suggested from the newer line: {text}</source>
        <translation>按较新那行建议：{text}</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>MEMORY.md does not change: the finding is hidden until {day}, then shows again; the decision is recorded in the audit log.</source>
        <translation>MEMORY.md 不会改动：这个发现隐藏到 {day}，之后会再次出现；这个决定记录在审计日志中。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>MEMORY.md does not change: the decision is recorded in the audit log.</source>
        <translation>MEMORY.md 不会改变：该决定会记录在审计日志中。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Preview of “{action}”: apply to write it</source>
        <translation>“{action}”的预览：点击应用即可写入</translation>
    </message>
</context>
<context>
    <name>DreamDashboard</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/dashboard.py" line="+281"/>
        <source>No promotion candidates yet. Candidates come from searches recorded in the recall ledger: an agent&apos;s memory_search, or a search confirmed with Enter while “Record recalls” is on in the search pane.</source>
        <translation>还没有晋升候选。候选来自召回记录簿中记录的搜索：智能体的 memory_search，或在搜索面板开启“记录召回”时按 Enter 确认的搜索。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>path contains…</source>
        <translation>路径包含…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>tag…</source>
        <translation>标签…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Chart selection; click to clear</source>
        <translation>图表选择；点击清除</translation>
    </message>
    <message>
        <location line="+21"/>
        <location line="+578"/>
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <location line="-577"/>
        <source>A / Ctrl+Return: append to MEMORY.md (several rows: one confirmation)</source>
        <translation>A / Ctrl+Return：追加到 MEMORY.md（选中多行时只确认一次）</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Edit &amp;&amp; approve…</source>
        <translation>编辑并批准…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>E: write an edited text instead of the snippet</source>
        <translation>E：写入编辑后的文本而非原摘录</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Replace line…</source>
        <translation>替换行…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>R: approve in place of a flagged MEMORY.md line</source>
        <translation>R：批准并替换 MEMORY.md 中被标记的一行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reject…</source>
        <translation>拒绝…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>X / Delete: reject with an optional reason</source>
        <translation>X / Delete：拒绝，可填写原因</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Snooze…</source>
        <translation>稍后处理…</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>S: hide until a date</source>
        <translation>S：隐藏到指定日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo last approval</source>
        <translation>撤销上次批准</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>OpenClaw&apos;s format</source>
        <translation>OpenClaw 格式</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Off: approving writes the proposed fact (the matched lines without headings or list markers) under one dated section a day. On: OpenClaw&apos;s own text, the whole snippet under a new dated section per approval.</source>
        <translation>关闭：批准时写入提议的事实（匹配的行，去掉标题和列表标记），每天归入一个带日期的小节。开启：使用 OpenClaw 自己的文本，每次批准都在新的带日期小节下写入完整摘录。</translation>
    </message>
    <message>
        <location line="+56"/>
        <source>Candidate</source>
        <translation>候选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>What if</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Phases &amp;&amp; DREAMS.md</source>
        <translation>阶段与 DREAMS.md</translation>
    </message>
    <message>
        <location line="+103"/>
        <source>Reading the dreaming files…</source>
        <translation>正在读取梦境文件…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The dreaming files cannot be read: {error}</source>
        <translation>无法读取梦境文件：{error}</translation>
    </message>
    <message>
        <location line="+65"/>
        <source>{shown} shown · {passing} of {total} pass</source>
        <translation>显示 {shown} 个 · {total} 个中 {passing} 个通过</translation>
    </message>
    <message>
        <location line="+59"/>
        <source>Below the promotion gates ({gates}): only a candidate that passes can be appended. The What if tab shows what other thresholds would pass.</source>
        <translation>未过晋升门槛（{gates}）：只有通过门槛的候选才能追加。“假设”可以看其他阈值会让哪些通过。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Already promoted: its entry is in MEMORY.md. Undo the approval first.</source>
        <translation>已经晋升：它的条目已在 MEMORY.md 中。请先撤销批准。</translation>
    </message>
    <message>
        <location line="+48"/>
        <source>With these settings {passing} candidate(s) would pass (now {now}). Nothing is written; approvals still use the configured thresholds.</source>
        <translation>按这些设置将有 {passing} 个候选通过（当前 {now} 个）。不会写入任何内容；批准仍使用已配置的阈值。</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Not ready</source>
        <translation>尚未就绪</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>The candidates are still being read.</source>
        <translation>仍在读取候选。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{files} changed on disk after these candidates were shown (another program, such as OpenClaw, wrote it). Nothing was written. The view is being refreshed; check the candidate again, then retry.</source>
        <translation>显示这些候选后，{files} 在磁盘上发生了变化（由其他程序写入，例如 OpenClaw）。未写入任何内容。视图正在刷新；请重新检查候选后再试。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Changed on disk</source>
        <translation>磁盘上已更改</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>{action}: waiting for the ledger lock, which another program holds…</source>
        <translation>{action}：正在等待记录簿锁，它被其他程序占用…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{action}: working…</source>
        <translation>{action}：处理中…</translation>
    </message>
    <message>
        <location line="+29"/>
        <source>{message} Refreshing the view…</source>
        <translation>{message} 正在刷新视图…</translation>
    </message>
    <message>
        <location line="+16"/>
        <location line="+13"/>
        <location line="+82"/>
        <source>{action} failed: {error}</source>
        <translation>{action}失败：{error}</translation>
    </message>
    <message>
        <location line="-70"/>
        <source>Append {where} to MEMORY.md as:

{text}</source>
        <translation>将 {where} 以如下内容追加到 MEMORY.md：

{text}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Approve candidate</source>
        <translation>批准候选</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>{where} was already promoted ({when}); nothing to approve</source>
        <translation>{where} 已晋升（{when}）；无需批准</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>{where} is below the promotion gates ({gates}); nothing to approve</source>
        <translation>{where} 未过晋升门槛（{gates}），没有可批准的内容</translation>
    </message>
    <message>
        <location line="+69"/>
        <source>Approved {key} in place of MEMORY.md line {line} ({old} moved to the archive)</source>
        <translation>已批准 {key}，替换 MEMORY.md 第 {line} 行（{old} 已移入归档）</translation>
    </message>
    <message>
        <location line="-60"/>
        <source>Append {n} candidates to MEMORY.md?</source>
        <translation>将 {n} 个候选追加到 MEMORY.md？</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approve candidates</source>
        <translation>批准候选</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Approved {n}: {keys} → MEMORY.md</source>
        <translation>已批准 {n} 个：{keys} → MEMORY.md</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Approved {key} with edited text → MEMORY.md</source>
        <translation>已以编辑后的文本批准 {key} → MEMORY.md</translation>
    </message>
    <message>
        <location line="-23"/>
        <source>Edit and approve</source>
        <translation>编辑并批准</translation>
    </message>
    <message>
        <location line="+46"/>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Rejected {key} ({reason})</source>
        <translation>已拒绝 {key}（{reason}）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Rejected {key}</source>
        <translation>已拒绝 {key}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>Snoozed {key} until {date}</source>
        <translation>{key} 已稍后处理，直到 {date}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Snooze</source>
        <translation>稍后处理</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Undid the approval of {key}; MEMORY.md is back as it was</source>
        <translation>已撤销对 {key} 的批准；MEMORY.md 已恢复原样</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Ran the {phase} phase</source>
        <translation>已运行{phase}阶段</translation>
    </message>
</context>
<context>
    <name>EditorPage</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/editor.py" line="+200"/>
        <source>Saved {path}; re-indexing…</source>
        <translation>已保存 {path}；正在重新索引…</translation>
    </message>
    <message>
        <location line="+27"/>
        <source>{path} was changed on disk and reloaded</source>
        <translation>{path} 在磁盘上已更改，已重新载入</translation>
    </message>
    <message>
        <location line="-47"/>
        <source>{old} was moved to {new}; its tab follows it</source>
        <translation>{old} 已移动到 {new}；其标签页随之更新</translation>
    </message>
    <message>
        <location line="+121"/>
        <source>Undo went back past a reload: this text is older than {path} on disk. Redo ({redo}) returns to it; saving this text asks first</source>
        <translation>撤销已越过一次重新载入：这段文字比磁盘上的 {path} 旧。重做（{redo}）可回到新版本；保存这段文字前会先询问</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Reloaded from disk; Undo (Ctrl+Z) brings your edits back (saving them asks again)</source>
        <translation>已从磁盘重新载入；撤销（Ctrl+Z）可恢复你的编辑（保存时会再次询问）</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Overwrite the file on disk?</source>
        <translation>覆盖磁盘上的文件？</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Save your version of {path} over the one another program wrote? Their changes will be replaced.</source>
        <translation>用你的 {path} 版本覆盖其他程序写入的版本？对方的更改将被替换。</translation>
    </message>
    <message>
        <location line="-159"/>
        <source>Cannot read {path}: {reason}.</source>
        <translation>无法读取 {path}：{reason}。</translation>
    </message>
    <message>
        <location line="+155"/>
        <source>{cannot_read} Save your version over it? What the file holds now will be replaced.</source>
        <translation>{cannot_read}要用你的版本覆盖它吗？该文件现有的内容将被替换。</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>{path} changed again while you decided; nothing was overwritten</source>
        <translation>在你做决定期间 {path} 又被修改了；未覆盖任何内容</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Saved your version of {path}</source>
        <translation>已保存你的 {path} 版本</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Merged: the file on disk already holds your changes</source>
        <translation>已合并：磁盘上的文件已经包含你的修改</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Merged their changes with yours; save to write the result</source>
        <translation>已将对方的更改与你的合并；保存即可写入结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Merged, conflicts resolved: {n}; save to write the result</source>
        <translation>已合并，已解决冲突：{n} 处；保存后写入结果</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Go to line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Line:</source>
        <translation>行：</translation>
    </message>
</context>
<context>
    <name>EditorTabs</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/editor_tabs.py" line="+200"/>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save the changes to {path}?</source>
        <translation>保存对 {path} 的更改？</translation>
    </message>
</context>
<context>
    <name>FindBar</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/find_bar.py" line="+24"/>
        <source>Find</source>
        <translation>查找</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace with</source>
        <translation>替换为</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Match case</source>
        <translation>区分大小写</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Previous</source>
        <translation>上一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Next</source>
        <translation>下一个</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace all</source>
        <translation>全部替换</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>{count} replaced</source>
        <translation>已替换 {count} 处</translation>
    </message>
</context>
<context>
    <name>FindingsModel</name>
    <message>
        <location filename="../../app/reverie/gui/health/findings_model.py" line="+30"/>
        <source>Possible updates</source>
        <translation>可能已更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Duplicates</source>
        <translation>重复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stale</source>
        <translation>过时</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+44"/>
        <source>Entry</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Written</source>
        <translation>写入时间</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Newer evidence</source>
        <translation>较新的证据</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+35"/>
        <location filename="../../app/reverie/gui/health/health_page.py" line="+220"/>
        <source>seen {date}</source>
        <translation>出现于 {date}</translation>
    </message>
</context>
<context>
    <name>HealthActions</name>
    <message>
        <location filename="../../app/reverie/gui/health/action_names.py" line="+11"/>
        <source>update</source>
        <translation>更新</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>retire</source>
        <translation>退役</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keep</source>
        <translation>保留</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>snooze</source>
        <translation>稍后处理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>HealthPage</name>
    <message>
        <location filename="../../app/reverie/gui/health/health_page.py" line="-41"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Undo last action</source>
        <translation>撤销上次操作</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Reverse the latest action (refused if the files changed since)</source>
        <translation>撤销最近一次操作（如果文件此后有改动则会拒绝）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Archived…</source>
        <translation>已归档…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Entries moved out of MEMORY.md; restore one at any time</source>
        <translation>移出 MEMORY.md 的条目；随时可以恢复</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Kept…</source>
        <translation>已保留…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Findings kept or snoozed; reopen one to see it again</source>
        <translation>已保留或已暂缓的发现；重新打开一项即可再次看到它</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What is cut</source>
        <translation>被截断的内容</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>MEMORY.md size</source>
        <translation>MEMORY.md 大小</translation>
    </message>
    <message>
        <location line="+62"/>
        <source>Reviewing MEMORY.md…</source>
        <translation>正在检查 MEMORY.md…</translation>
    </message>
    <message>
        <location line="+53"/>
        <source> · {n} kept or snoozed</source>
        <translation> · {n} 项已保留或稍后处理</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 finding</source>
        <translation>1 个问题项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} findings</source>
        <translation>{n} 个问题项</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>There is no MEMORY.md in this workspace: nothing to review.</source>
        <translation>这个工作区里没有 MEMORY.md：没有可检查的内容。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MEMORY.md is empty: nothing to review.</source>
        <translation>MEMORY.md 是空的：没有可检查的内容。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MEMORY.md has no entries (“- ” lines): nothing to review.</source>
        <translation>MEMORY.md 里没有条目（“- ” 开头的行）：没有可检查的内容。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No findings: MEMORY.md agrees with the notes</source>
        <translation>没有问题项：MEMORY.md 与笔记一致</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>it is a folder</source>
        <translation>它是一个文件夹</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>unknown error</source>
        <translation>未知错误</translation>
    </message>
    <message>
        <location line="-14"/>
        <location line="+15"/>
        <source>Cannot read {path}: {reason}.</source>
        <translation>无法读取 {path}：{reason}。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Could not review MEMORY.md: {error}</source>
        <translation>无法检查 MEMORY.md：{error}</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>{chars} of {cap} characters ({percent}%)</source>
        <translation>{chars} / {cap} 个字符（{percent}%）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>A new session does not see lines {start}-{end} ({chars} characters).</source>
        <translation>新会话看不到第 {start}-{end} 行（{chars} 个字符）。</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Nothing is cut.</source>
        <translation>没有内容被截断。</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>A new session sees all of MEMORY.md.</source>
        <translation>新会话能看到完整的 MEMORY.md。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source> Dreaming&apos;s promotions: {chars} characters.</source>
        <translation> 梦境晋升的内容：{chars} 个字符。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cap {per_file} characters per bootstrap file, {total} in total; other bootstrap files use {other}. {cut}{promoted} Caps from: {source}.</source>
        <translation>每个启动注入文件上限 {per_file} 个字符，总计 {total} 个；其他启动注入文件占用 {other} 个。{cut}{promoted} 上限来源：{source}。</translation>
    </message>
    <message>
        <location line="+102"/>
        <source>MEMORY.md has unsaved changes in the editor. Applying writes the file on disk; the editor will then offer to merge your changes with it.</source>
        <translation>编辑器里的 MEMORY.md 有未保存的修改。应用会写入磁盘上的文件；之后编辑器会提示把你的修改与它合并。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The text or the day changed after the preview: check it, then apply.</source>
        <translation>预览之后文字或日期有改动：请检查后再应用。</translation>
    </message>
    <message>
        <location line="+112"/>
        <source>Undid action #{n} ({action}).</source>
        <translation>已撤销操作 #{n}（{action}）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Restored the entry of action #{n} at line {line} (#{seq}).</source>
        <translation>已在第 {line} 行恢复操作 #{n} 的条目（#{seq}）。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Its section was gone: it is back at the end, under {heading} again.</source>
        <translation>它原来所在的小节已不存在：条目放回到文件末尾，重新写在 {heading} 下。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The text that replaced it is still at line {line}: MEMORY.md now holds both.</source>
        <translation>替换它的文字仍在第 {line} 行：MEMORY.md 现在两条都有。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Recorded “{action}” (#{n}).</source>
        <translation>已记录“{action}”（#{n}）。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Done: “{action}” (#{n}); the old text is in {archive}.</source>
        <translation>已完成：“{action}”（#{n}）；旧文本保存在 {archive}。</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>Not undone: {error}. An entry the review moved out can still be brought back with Archived…</source>
        <translation>未撤销：{error}。审查移出的条目仍可通过“已归档…”恢复</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Not written: {error}. The review was refreshed; look again before acting.</source>
        <translation>未写入：{error}。检查结果已刷新；请重新查看后再操作。</translation>
    </message>
</context>
<context>
    <name>LayerLifeView</name>
    <message>
        <location filename="../../app/reverie/gui/purpose/layer_life_view.py" line="+41"/>
        <source>characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chunks</source>
        <translation>片段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>search results</source>
        <translation>搜索结果</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>ledger recalls</source>
        <translation>记录簿召回</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>by week</source>
        <translation>按周</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>by month</source>
        <translation>按月</translation>
    </message>
    <message>
        <location line="+10"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Period</source>
        <translation>周期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Volume</source>
        <translation>数量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reuse</source>
        <translation>复用</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Archive L0 notes unused after</source>
        <translation>L0 笔记未被使用多久后归档</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Volume (what exists by each period&apos;s end)</source>
        <translation>数量（每个周期结束时已有的内容）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reuse (in each period)</source>
        <translation>复用（每个周期内）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Files</source>
        <translation>文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Characters</source>
        <translation>字符</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Chunks</source>
        <translation>片段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Recalls</source>
        <translation>召回</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Surfaced</source>
        <translation>出现</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Per 1k chars</source>
        <translation>每千字符</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Recalls: recall days in the dreaming ledger. Surfaced: search results that showed the layer&apos;s files. Per 1k chars: both together per 1,000 characters.</source>
        <translation>召回：梦境记录簿中的召回天数。出现：显示了该层文件的搜索结果数。每千字符：两者之和按每 1,000 个字符折算。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>OpenClaw&apos;s recall ledger records recalls of daily notes and session notes only: reuse of L1-L3 shows only what other tools recorded.</source>
        <translation>OpenClaw 的召回记录簿只记录日记和会话笔记的召回：L1-L3 的复用只反映其他工具记录的内容。</translation>
    </message>
    <message>
        <location line="+78"/>
        <source>Archive candidates: {count} L0 notes older than {days} days that no recall and no search ever surfaced (nothing is moved or deleted).</source>
        <translation>归档候选：{count} 篇超过 {days} 天、从未被召回也从未出现在搜索结果中的 L0 笔记（不会移动或删除任何内容）。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{path}  ({days} days, {chars:,} chars)</source>
        <translation>{path}  （{days} 天，{chars:,} 个字符）</translation>
    </message>
</context>
<context>
    <name>LayerNames</name>
    <message>
        <location line="-226"/>
        <source>context</source>
        <translation>上下文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>experience</source>
        <translation>经验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>long-term</source>
        <translation>长期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>purpose</source>
        <translation>目标</translation>
    </message>
</context>
<context>
    <name>LayerTuning</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/layer_tuning.py" line="+26"/>
        <source>weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>L0 context</source>
        <translation>L0 上下文</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L1 experience</source>
        <translation>L1 经验</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L2 long-term</source>
        <translation>L2 长期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>L3 purpose</source>
        <translation>L3 目标</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Return results from this layer</source>
        <translation>返回此层的结果</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Each result&apos;s score × this weight (1: unchanged)</source>
        <translation>每个结果的分数 × 此权重（1：不变）</translation>
    </message>
</context>
<context>
    <name>LedgerGrowthChart</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/charts.py" line="+386"/>
        <source>Ledger size / promoted</source>
        <translation>记录簿大小 / 已晋升</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>The recall ledger is empty</source>
        <translation>召回记录簿为空</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>promoted</source>
        <translation>已晋升</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>{day}: {entries} entries, {promoted} promoted</source>
        <translation>{day}：{entries} 个条目，{promoted} 个已晋升</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>first recalled on {day}</source>
        <translation>首次召回于 {day}</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <location filename="../../app/reverie/gui/main_window.py" line="+101"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location line="+52"/>
        <source>Dreaming</source>
        <translation>梦境</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>Health</source>
        <translation>健康</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Purpose</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>{path} is not a memory file; edit it in another editor</source>
        <translation>{path} 不是记忆文件；请用其他编辑器编辑</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>&amp;Open workspace…</source>
        <translation>打开工作区(&amp;O)…</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;New daily note</source>
        <translation>新建日记(&amp;N)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Replace…</source>
        <translation>替换(&amp;R)…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Go to line…</source>
        <translation>转到行(&amp;G)…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Preview</source>
        <translation>预览(&amp;P)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Focus &amp;search</source>
        <translation>聚焦搜索(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Go to file or command…</source>
        <translation>转到文件或命令(&amp;G)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Memory page</source>
        <translation>记忆页(&amp;M)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Dreaming page</source>
        <translation>梦境页(&amp;D)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Health page</source>
        <translation>健康页(&amp;H)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Purpose page</source>
        <translation>目标页(&amp;P)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open &amp;log folder</source>
        <translation>打开日志文件夹(&amp;L)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&amp;Why not this?</source>
        <translation>为什么不是这个(&amp;W)?</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Export OpenClaw memorySearch…</source>
        <translation>导出 OpenClaw memorySearch(&amp;E)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Re-index workspace</source>
        <translation>重新索引工作区(&amp;R)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;Cancel background work</source>
        <translation>取消后台任务(&amp;C)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What the agent sees at session &amp;start…</source>
        <translation>智能体在会话开始时看到的内容(&amp;S)…</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Search the agent&apos;s own &amp;transcripts (reverie profile)</source>
        <translation>搜索智能体自己的会话记录(&amp;T)（reverie 配置方案）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>OpenClaw &amp;agents</source>
        <translation>OpenClaw 智能体(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&amp;Recent workspaces</source>
        <translation>最近的工作区(&amp;R)</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>&amp;About Reverie</source>
        <translation>关于 Reverie(&amp;A)</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Main</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <location line="+81"/>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>(no OpenClaw workspace found)</source>
        <translation>（未找到 OpenClaw 工作区）</translation>
    </message>
    <message>
        <location line="+40"/>
        <source>Saved {path}; searchable after {ms} ms</source>
        <translation>已保存 {path}；{ms} 毫秒后可搜索</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Rename</source>
        <translation>重命名</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>New path for {path}:</source>
        <translation>{path} 的新路径：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Rename failed: {error}</source>
        <translation>重命名失败：{error}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Move to trash</source>
        <translation>移到回收站</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move {path} to the system trash?</source>
        <translation>将 {path} 移到系统回收站？</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Type a query in the search pane and select lines in a file first.</source>
        <translation>请先在搜索面板输入查询，并在文件中选中若干行。</translation>
    </message>
    <message>
        <location line="+85"/>
        <source>The details were also written to the log: {path}</source>
        <translation>详细信息也已写入日志：{path}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Open log folder</source>
        <translation>打开日志文件夹</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>About Reverie</source>
        <translation>关于 Reverie</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Reverie&lt;/b&gt;&lt;br&gt;A workbench for the Markdown memory of AI agents: browse and edit it, see why search ranks what it ranks, and review what dreaming promotes.</source>
        <translation>&lt;b&gt;Reverie&lt;/b&gt;&lt;br&gt;AI 智能体 Markdown 记忆的工作台：浏览和编辑记忆，查看搜索为何如此排序，并审核梦境要晋升的内容。</translation>
    </message>
    <message>
        <location filename="../../app/reverie/gui/app.py" line="+108"/>
        <source>Unexpected error: {error}</source>
        <translation>意外错误：{error}</translation>
    </message>
</context>
<context>
    <name>MergeDialog</name>
    <message>
        <location filename="../../app/reverie/gui/dialogs/merge_dialog.py" line="+43"/>
        <source>Merge: {name}</source>
        <translation>合并：{name}</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>The merged text; you can edit it (a new choice above rewrites it)</source>
        <translation>合并后的文本；可以编辑（在上方重新选择会改写它）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Changes made on one side only are merged already. Where you and the other program changed the same lines (conflicts: {n}), choose what to keep.</source>
        <translation>只有一方改动的部分已自动合并。你和另一个程序改了同样的行（冲突：{n} 处），请选择保留哪一方。</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Use this text</source>
        <translation>使用此文本</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>Conflict {n}, near line {line}</source>
        <translation>冲突 {n}，在第 {line} 行附近</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>&lt;b&gt;Yours&lt;/b&gt;</source>
        <translation>&lt;b&gt;你的版本&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>&lt;b&gt;On disk&lt;/b&gt; (the other program)</source>
        <translation>&lt;b&gt;磁盘上的版本&lt;/b&gt;（其他程序）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Keep both: yours, then theirs</source>
        <translation>都保留：先你的，后对方的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep both: theirs, then yours</source>
        <translation>都保留：先对方的，后你的</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep yours</source>
        <translation>保留你的版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep theirs</source>
        <translation>保留对方的版本</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keep neither (the text as you opened it)</source>
        <translation>都不保留（恢复为打开时的文本）</translation>
    </message>
</context>
<context>
    <name>PhasePanel</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/phase_panel.py" line="+25"/>
        <source>Light</source>
        <translation>浅睡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>REM</source>
        <translation>REM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Deep</source>
        <translation>深睡</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>light</source>
        <translation>浅睡</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>rem</source>
        <translation>REM</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>deep</source>
        <translation>深睡</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+47"/>
        <source>never run</source>
        <translation>从未运行</translation>
    </message>
    <message>
        <location line="-42"/>
        <source>{n} staged</source>
        <translation>暂存 {n} 个</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} lines (report not here)</source>
        <translation>{n} 行（报告不在此处）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{themes} themes, {truths} lasting truths</source>
        <translation>{themes} 个主题，{truths} 条持久真理</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>report not here</source>
        <translation>报告不在此处</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>no block</source>
        <translation>无区块</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>unknown time</source>
        <translation>时间未知</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Dreaming phases</source>
        <translation>梦境阶段</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Preview a phase to see what it would write.</source>
        <translation>预览某个阶段，查看它将写入的内容。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>&lt;b&gt;DREAMS.md&lt;/b&gt; and the latest phase reports</source>
        <translation>&lt;b&gt;DREAMS.md&lt;/b&gt; 与最新的阶段报告</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>host local time</source>
        <translation>本机时间</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Timezone: &lt;b&gt;{zone}&lt;/b&gt; · today is {today}</source>
        <translation>时区：&lt;b&gt;{zone}&lt;/b&gt; · 今天是 {today}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>*No DREAMS.md in this workspace yet.*</source>
        <translation>*此工作区还没有 DREAMS.md。*</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Preview of {phase}:</source>
        <translation>{phase}阶段预览：</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Ran {phase}:</source>
        <translation>已运行{phase}阶段：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>{phase}: {signals} signal(s) from {files} daily note(s)</source>
        <translation>{phase}：从 {files} 篇每日笔记得到 {signals} 条信号</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{phase}: {signals} signal(s) from {files} transcript(s)</source>
        <translation>{phase}：从 {files} 份会话记录得到 {signals} 条信号</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>(nowhere)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>{n} candidate(s) ranked; MEMORY.md is not written.</source>
        <translation>已排序 {n} 个候选；未写入 MEMORY.md。</translation>
    </message>
</context>
<context>
    <name>Prompts</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/prompts.py" line="+63"/>
        <source>Edit, then approve</source>
        <translation>编辑后批准</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This text is written to MEMORY.md instead of the snippet:</source>
        <translation>将以此文本代替原摘录写入 MEMORY.md：</translation>
    </message>
    <message>
        <location line="+47"/>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Reject {candidate}
Reason (optional):</source>
        <translation>拒绝 {candidate}
原因（可选）：</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Snooze</source>
        <translation>稍后处理</translation>
    </message>
    <message>
        <location line="-1"/>
        <source>Hide this candidate until:</source>
        <translation>隐藏此候选，直到：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>already present</source>
        <translation>已存在</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>may conflict</source>
        <translation>可能冲突</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>line {n}: {text}</source>
        <translation>第 {n} 行：{text}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>No MEMORY.md entry is close to this candidate.</source>
        <translation>MEMORY.md 中没有与此候选相近的条目。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Approve as replacement</source>
        <translation>批准为替换</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replace which MEMORY.md line?</source>
        <translation>替换 MEMORY.md 中的哪一行？</translation>
    </message>
</context>
<context>
    <name>PurposePage</name>
    <message>
        <location filename="../../app/reverie/gui/purpose/purpose_page.py" line="+98"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Telos</source>
        <translation>Telos</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Layer life</source>
        <translation>层的生命周期</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A goal or project is neglected after</source>
        <translation>目标或项目多久未提及视为被忽视</translation>
    </message>
    <message>
        <location line="+31"/>
        <source>Reading…</source>
        <translation>正在读取…</translation>
    </message>
    <message>
        <location line="+25"/>
        <source>Could not read the purpose layer: {error}</source>
        <translation>无法读取目标层：{error}</translation>
    </message>
</context>
<context>
    <name>RecallTimeline</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/recall_timeline.py" line="+60"/>
        <source>no recorded searches</source>
        <translation>没有记录的搜索</translation>
    </message>
</context>
<context>
    <name>RetrievalCheckPanel</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/retrieval_check_panel.py" line="+53"/>
        <source>Retrieval check</source>
        <translation>检索检查</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Save a query with the result that answers it; Run scores every saved query under the saved settings and under the what-if tuning.</source>
        <translation>保存一个查询及能回答它的结果；“运行”会分别按已保存的设置和假设调参为每个已保存的查询评分。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Save query + selected result</source>
        <translation>保存查询 + 所选结果</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>The current query should find the selected result&apos;s file and lines</source>
        <translation>当前查询应当找到所选结果的文件和行</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Query</source>
        <translation>查询</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Expected</source>
        <translation>预期结果</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Saved: rank</source>
        <translation>已保存设置：排名</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>What-if</source>
        <translation>假设</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>Type a query and select the result that answers it</source>
        <translation>输入查询，并选择能回答它的结果</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This check is already saved</source>
        <translation>此检查已保存</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Saved check: “{query}” should find {where}</source>
        <translation>已保存检查：“{query}”应当找到 {where}</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>No saved checks yet.</source>
        <translation>还没有已保存的检查。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Running {n} queries…</source>
        <translation>正在运行 {n} 个查询…</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>The check failed: {error}</source>
        <translation>检查失败：{error}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Saved settings: recall@{k} &lt;b&gt;{recall}&lt;/b&gt; · MRR@{k} &lt;b&gt;{mrr}&lt;/b&gt;</source>
        <translation>已保存的设置：recall@{k} &lt;b&gt;{recall}&lt;/b&gt; · MRR@{k} &lt;b&gt;{mrr}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>What-if: recall@{k} &lt;b&gt;{recall}&lt;/b&gt; · MRR@{k} &lt;b&gt;{mrr}&lt;/b&gt;</source>
        <translation>假设：recall@{k} &lt;b&gt;{recall}&lt;/b&gt; · MRR@{k} &lt;b&gt;{mrr}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>What-if: same as the saved settings</source>
        <translation>假设：与已保存的设置相同</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>not in top {k}</source>
        <translation>不在前 {k} 名</translation>
    </message>
    <message>
        <location line="+19"/>
        <location line="+4"/>
        <source>First results: {top}</source>
        <translation>前几个结果：{top}</translation>
    </message>
</context>
<context>
    <name>ScoreDistributionChart</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/charts.py" line="-355"/>
        <source>Score distribution</source>
        <translation>分数分布</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>passes</source>
        <translation>通过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fails</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location line="+20"/>
        <source>score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>score {lo}–{hi}: {passing} pass, {failing} fail</source>
        <translation>分数 {lo}–{hi}：{passing} 个通过，{failing} 个未通过</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>score {lo}–{hi}</source>
        <translation>分数 {lo}–{hi}</translation>
    </message>
</context>
<context>
    <name>ScoreVsSignalsChart</name>
    <message>
        <location line="+105"/>
        <source>Score vs signals (gates)</source>
        <translation>分数与信号（门槛）</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>signals (gate ≥ {n})</source>
        <translation>信号（门槛 ≥ {n}）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>score (gate ≥ {s})</source>
        <translation>分数（门槛 ≥ {s}）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>passes</source>
        <translation>通过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fails</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>signals {signals}, score {score}</source>
        <translation>信号 {signals}，分数 {score}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>{where}  score {score}, {signals} signals, {queries} queries</source>
        <translation>{where}  分数 {score}，{signals} 个信号，{queries} 个查询</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>{n} candidates</source>
        <translation>{n} 个候选</translation>
    </message>
</context>
<context>
    <name>SearchPane</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/search_pane.py" line="+72"/>
        <source>Search memory (as you type)…</source>
        <translation>搜索记忆（边输入边搜索）…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>saved settings</source>
        <translation>已保存的设置</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>reverie profile</source>
        <translation>reverie 配置方案</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>openclaw profile</source>
        <translation>openclaw 配置方案</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>k = </source>
        <translation>k = </translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dropped candidates</source>
        <translation>被剔除的候选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Record recalls</source>
        <translation>记录召回</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Searches confirmed with Enter are recorded in the dreaming ledger, as an agent&apos;s memory_search would. Off by default: debugging does not feed dreaming.</source>
        <translation>按 Enter 确认的搜索会像代理的 memory_search 一样记入梦境记录簿。默认关闭：调试不会影响梦境。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Tune</source>
        <translation>调参</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Checks</source>
        <translation>检查</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Retrieval check: saved queries with the result they should find</source>
        <translation>检索检查：已保存的查询及其应当找到的结果</translation>
    </message>
    <message>
        <location line="+164"/>
        <source>Search settings saved as this workspace&apos;s profile</source>
        <translation>搜索设置已保存为此工作区的配置方案</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Export OpenClaw memorySearch</source>
        <translation>导出 OpenClaw memorySearch</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>JSON (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Exported to {path} (also copied to the clipboard)</source>
        <translation>已导出到 {path}（并已复制到剪贴板）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>OpenClaw memorySearch JSON copied to the clipboard</source>
        <translation>OpenClaw memorySearch JSON 已复制到剪贴板</translation>
    </message>
    <message>
        <location line="+55"/>
        <source>loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>not loaded</source>
        <translation>未加载</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>unavailable</source>
        <translation>不可用</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Keyword-only search: the embedding model is {state}</source>
        <translation>仅关键词搜索：嵌入模型{state}</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>{n} weak result(s) in grey: no keyword match and a cosine near the unrelated level</source>
        <translation>{n} 个弱结果以灰色显示：没有关键词匹配，且余弦相似度接近“不相关”水平</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>{results} result(s), {dropped} dropped · {mode} · profile {profile} · {ms} ms</source>
        <translation>{results} 个结果，{dropped} 个被剔除 · {mode} · 配置方案 {profile} · {ms} 毫秒</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>hybrid</source>
        <translation>混合检索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword only</source>
        <translation>仅关键词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>vector only</source>
        <translation>仅向量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>empty query</source>
        <translation>空查询</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <location filename="../../app/reverie/gui/models/search_results_model.py" line="+50"/>
        <source>Score</source>
        <translation>分数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Contribution</source>
        <translation>构成</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>BM25 raw</source>
        <translation>BM25 原始值</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weighted</source>
        <translation>加权</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Decay</source>
        <translation>衰减</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Layer</source>
        <translation>层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Snippet</source>
        <translation>摘录</translation>
    </message>
    <message>
        <location line="-3"/>
        <source>Dropped because</source>
        <translation>剔除原因</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>evergreen</source>
        <translation>常青</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no-date</source>
        <translation>无日期</translation>
    </message>
    <message>
        <location line="+88"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{days}d</source>
        <translation>{days}天</translation>
    </message>
    <message>
        <location line="+75"/>
        <source>Weak evidence: no keyword match and a cosine of {cosine} ({calibrated} on the calibrated scale from unrelated (0) to clearly about it (1)). Kept in the list as the agent sees it; such a result is sometimes still right (a question in another language).</source>
        <translation>证据较弱：没有关键词匹配，余弦相似度为 {cosine}（在从“不相关”(0) 到“明确相关”(1) 的校准刻度上为 {calibrated}）。按智能体看到的样子保留在列表中；这样的结果有时仍然是对的（例如用另一种语言提问时）。</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>below minScore {value}</source>
        <translation>低于 minScore {value}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>beyond k = {k}</source>
        <translation>超出 k = {k}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>pushed past k by MMR</source>
        <translation>被 MMR 挤出前 k 名</translation>
    </message>
    <message>
        <location line="+12"/>
        <location line="+54"/>
        <source>new</source>
        <translation>新</translation>
    </message>
    <message>
        <location line="-17"/>
        <source>Dropped at {stage}: {reason}</source>
        <translation>在{stage}阶段被剔除：{reason}</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../app/reverie/gui/dialogs/settings_dialog.py" line="+162"/>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>General</source>
        <translation>常规</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dreaming</source>
        <translation>梦境</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Workspace folders</source>
        <translation>工作区文件夹</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Folder to add…</source>
        <translation>要添加的文件夹…</translation>
    </message>
    <message>
        <location line="+3"/>
        <location line="+31"/>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <location line="-29"/>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Open now</source>
        <translation>立即打开</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>Open at start:</source>
        <translation>启动时打开：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>OpenClaw state folder (session transcripts, agents)</source>
        <translation>OpenClaw 状态文件夹（会话记录、代理）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Automatic ($OPENCLAW_STATE_DIR or ~/.openclaw)</source>
        <translation>自动（$OPENCLAW_STATE_DIR 或 ~/.openclaw）</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Detect</source>
        <translation>检测</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>Folder…</source>
        <translation>文件夹…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Embedding model:</source>
        <translation>嵌入模型：</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Any sentence-transformers model name (from the local cache) or model folder works; nothing is downloaded. Changing the model re-indexes the open workspace in the background.</source>
        <translation>可使用任何 sentence-transformers 模型名称（取自本地缓存）或模型文件夹；不会下载任何内容。更换模型后会在后台重新索引当前工作区。</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>Defaults for workspaces without a saved search profile (the search pane saves a profile per workspace).</source>
        <translation>用于没有已保存搜索配置方案的工作区的默认值（搜索面板会为每个工作区保存配置方案）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>reverie (recommended)</source>
        <translation>reverie（推荐）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>openclaw (as OpenClaw searches)</source>
        <translation>openclaw（与 OpenClaw 的搜索一致）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Profile:</source>
        <translation>配置方案：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Max results:</source>
        <translation>最多结果数：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Min score:</source>
        <translation>最低分数：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Combine vector and keyword search</source>
        <translation>结合向量搜索与关键词搜索</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Hybrid:</source>
        <translation>混合：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Vector weight:</source>
        <translation>向量权重：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Keyword weight:</source>
        <translation>关键词权重：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Diversify results (MMR)</source>
        <translation>结果多样化（MMR）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>MMR:</source>
        <translation>MMR：</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>MMR lambda:</source>
        <translation>MMR λ：</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Older notes rank lower</source>
        <translation>较旧的笔记排名靠后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temporal decay:</source>
        <translation>时间衰减：</translation>
    </message>
    <message>
        <location line="+4"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Half-life:</source>
        <translation>半衰期：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Reset to defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <location line="+32"/>
        <source>Dreaming timezone:</source>
        <translation>梦境时区：</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Dreaming groups recalls and promotions by day in this zone. “system” uses the zone in OpenClaw&apos;s configuration, else this computer&apos;s.</source>
        <translation>梦境按此时区的日期对召回与晋升进行分组。“system”使用 OpenClaw 配置中的时区，否则使用本机时区。</translation>
    </message>
    <message>
        <location line="+13"/>
        <location line="+8"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <location line="-7"/>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Language:</source>
        <translation>语言：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Some texts change language only after a restart.</source>
        <translation>部分文字需重启后才会切换语言。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>A restart applies the language.</source>
        <translation>重启后应用所选语言。</translation>
    </message>
    <message>
        <location line="+114"/>
        <source>The OpenClaw state folder is not a folder: {0}</source>
        <translation>OpenClaw 状态文件夹不是文件夹：{0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The OpenClaw state folder does not exist: {0}</source>
        <translation>OpenClaw 状态文件夹不存在：{0}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The workspace to open at start is not a folder: {0}</source>
        <translation>启动时打开的工作区不是文件夹：{0}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The workspace to open at start does not exist: {0}</source>
        <translation>启动时要打开的工作区不存在：{0}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>The vector and keyword weights are both 0: give at least one of them a weight (they are shares of the score), or turn hybrid search off.</source>
        <translation>向量权重和关键词权重都是 0：请至少给其中一个设置权重（它们是分数中的占比），或者关闭混合搜索。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Choose an embedding model.</source>
        <translation>请选择一个嵌入模型。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Unknown timezone {0!r}: choose an IANA zone such as Europe/Berlin, or “system”.</source>
        <translation>未知时区 {0!r}：请选择 IANA 时区（例如 Asia/Shanghai），或“system”。</translation>
    </message>
    <message>
        <location line="+49"/>
        <source>{0}  (missing)</source>
        <translation>{0}  （缺失）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>This folder does not exist (any more).</source>
        <translation>此文件夹不存在（或已被删除）。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Automatic (OpenClaw&apos;s default agent, else the demo)</source>
        <translation>自动（OpenClaw 的默认代理，否则使用演示工作区）</translation>
    </message>
    <message>
        <location line="+14"/>
        <location line="+29"/>
        <source>Not a folder: {0}</source>
        <translation>不是文件夹：{0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Add workspace folder</source>
        <translation>添加工作区文件夹</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>OpenClaw state folder</source>
        <translation>OpenClaw 状态文件夹</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>No OpenClaw state folder found ($OPENCLAW_STATE_DIR, ~/.openclaw).</source>
        <translation>未找到 OpenClaw 状态文件夹（$OPENCLAW_STATE_DIR、~/.openclaw）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Detected automatically when needed.</source>
        <translation>需要时自动检测。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>This is a file, not a folder.</source>
        <translation>这是一个文件，不是文件夹。</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>This folder does not exist.</source>
        <translation>此文件夹不存在。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{0} agent workspace(s) found: {1}</source>
        <translation>找到 {0} 个代理工作区：{1}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>sentence-transformers model</source>
        <translation>sentence-transformers 模型</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Choose a model first.</source>
        <translation>请先选择模型。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Loading {0}…</source>
        <translation>正在加载 {0}…</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>OK: {0} dimensions, loaded in {1:.1f} s ({2}).</source>
        <translation>成功：{0} 维，加载用时 {1:.1f} 秒（{2}）。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Cannot load this model: {0}</source>
        <translation>无法加载此模型：{0}</translation>
    </message>
    <message>
        <location line="+18"/>
        <source>Now here: {0}</source>
        <translation>此处当前时间：{0}</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Unknown timezone.</source>
        <translation>未知时区。</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Now there: {0}</source>
        <translation>该时区当前时间：{0}</translation>
    </message>
</context>
<context>
    <name>ShortcutsDialog</name>
    <message>
        <location filename="../../app/reverie/gui/dialogs/shortcuts_dialog.py" line="+31"/>
        <source>Command palette</source>
        <translation>命令面板</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to file</source>
        <translation>转到文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>type part of its name</source>
        <translation>输入文件名的一部分</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Run a command</source>
        <translation>运行命令</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>then part of its name</source>
        <translation>再输入命令名的一部分</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Go to line</source>
        <translation>转到行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>:line number</source>
        <translation>:行号</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Editor</source>
        <translation>编辑器</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Next match (in the find bar)</source>
        <translation>下一个匹配（在查找栏中）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Close the find bar</source>
        <translation>关闭查找栏</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Dreaming dashboard</source>
        <translation>梦境面板</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Approve the selected candidates</source>
        <translation>批准选中的候选</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Edit, then approve</source>
        <translation>编辑后批准</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Approve, replacing a line of MEMORY.md</source>
        <translation>批准并替换 MEMORY.md 中的一行</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Snooze</source>
        <translation>稍后处理</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Undo the last review action</source>
        <translation>撤销上一次审查操作</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Refresh</source>
        <translation>刷新</translation>
    </message>
    <message>
        <location line="+37"/>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>Shortcut</source>
        <translation>快捷键</translation>
    </message>
</context>
<context>
    <name>SignalsPerDayChart</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/charts.py" line="-344"/>
        <source>Signals per day</source>
        <translation>每日信号</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>No recorded searches yet</source>
        <translation>还没有记录的搜索</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>{day}: {parts} (hovering {kind})</source>
        <translation>{day}：{parts}（指向：{kind}）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>recalled on {day}</source>
        <translation>召回于 {day}</translation>
    </message>
</context>
<context>
    <name>StatusPanel</name>
    <message>
        <location filename="../../app/reverie/gui/status_panel.py" line="+32"/>
        <source>files –</source>
        <translation>文件 –</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>chunks –</source>
        <translation>片段 –</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>pending –</source>
        <translation>待处理 –</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>model: not loaded</source>
        <translation>模型：未加载</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>last sync –</source>
        <translation>上次同步 –</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Cancel background work</source>
        <translation>取消后台任务</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>{n} files</source>
        <translation>{n} 个文件</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>1 file</source>
        <translation>1 个文件</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 chunk</source>
        <translation>1 个片段</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} chunks</source>
        <translation>{n} 个片段</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>1 embedding pending</source>
        <translation>1 个嵌入待处理</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} embeddings pending</source>
        <translation>{n} 个嵌入待处理</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>last sync {when}</source>
        <translation>上次同步 {when}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>⚠ vectors: slow scan</source>
        <translation>⚠ 向量：慢速扫描</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>The sqlite-vec library could not be loaded: vector search scans every stored vector instead (same results, slower on large workspaces).</source>
        <translation>无法加载 sqlite-vec 库：向量搜索改为逐个扫描已存储的向量（结果相同，在大型工作区中较慢）。</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>⚠ 1 file problem</source>
        <translation>⚠ 1 个文件问题</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ {n} file problems</source>
        <translation>⚠ {n} 个文件问题</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>… and {n} more</source>
        <translation>… 另有 {n} 个</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>File problems</source>
        <translation>文件问题</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>{n} files are left out of the index or indexed without their damaged parts. Nothing was changed on disk.</source>
        <translation>{n} 个文件未被索引，或在索引时略过了其损坏部分。磁盘上的文件没有任何改动。</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>model {name}: loading…</source>
        <translation>模型 {name}：加载中…</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>model {name}: ready</source>
        <translation>模型 {name}：就绪</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>⚠ model unavailable: keyword-only</source>
        <translation>⚠ 模型不可用：仅关键词搜索</translation>
    </message>
</context>
<context>
    <name>TelosSections</name>
    <message>
        <location filename="../../app/reverie/gui/purpose/telos_model.py" line="+25"/>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mission</source>
        <translation>使命</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Narratives</source>
        <translation>叙事</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Goals</source>
        <translation>目标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Challenges</source>
        <translation>挑战</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Strategies</source>
        <translation>策略</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Projects</source>
        <translation>项目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Metrics</source>
        <translation>指标</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Risks</source>
        <translation>风险</translation>
    </message>
</context>
<context>
    <name>TelosTreeModel</name>
    <message>
        <location line="+25"/>
        <source>Item</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Due</source>
        <translation>截止日期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Mentions</source>
        <translation>提及次数</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Last mentioned</source>
        <translation>最近提及</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <location line="+116"/>
        <source>done</source>
        <translation>已完成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>neglected</source>
        <translation>被忽视</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>unlinked</source>
        <translation>未关联</translation>
    </message>
</context>
<context>
    <name>TelosView</name>
    <message>
        <location filename="../../app/reverie/gui/purpose/telos_view.py" line="+62"/>
        <source>No Telos file in this workspace. Write your purpose in memory/TELOS.md (or TELOS.md, or a telos/ folder): ## PROBLEMS, ## MISSION, ## GOALS, ## CHALLENGES, ## STRATEGIES, ## PROJECTS with items such as &apos;- G1: Ship the beta by July 2026&apos;. This view follows the file as you edit it.</source>
        <translation>此工作区没有 Telos 文件。请把你的目标写在 memory/TELOS.md（或 TELOS.md，或 telos/ 文件夹）中：## PROBLEMS、## MISSION、## GOALS、## CHALLENGES、## STRATEGIES、## PROJECTS，条目形如“- G1: Ship the beta by July 2026”。编辑文件时此视图会随之更新。</translation>
    </message>
    <message>
        <location line="+86"/>
        <source>{path}:{line}: {message}</source>
        <translation>{path}:{line}：{message}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{path}: {message}</source>
        <translation>{path}：{message}</translation>
    </message>
    <message>
        <location line="+33"/>
        <source>Section: {section}</source>
        <translation>分节：{section}</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Weight: {weight:.3g} (position {position} in its list)</source>
        <translation>权重：{weight:.3g}（在列表中位于第 {position} 位）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Deadline: {date}</source>
        <translation>截止日期：{date}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Confidence: {value:.0%}</source>
        <translation>置信度：{value:.0%}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Priority: {value}</source>
        <translation>优先级：{value}</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Written in {where}</source>
        <translation>写于 {where}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Neglected: no daily note mentioned it in the last {days} days.</source>
        <translation>被忽视：最近 {days} 天内没有日记提及它。</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>Linked to nothing in the chain (no id names it).</source>
        <translation>未与链中的任何内容关联（没有 id 引用它）。</translation>
    </message>
    <message>
        <location line="+24"/>
        <source>Mentions ({count})</source>
        <translation>提及（{count}）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>by id</source>
        <translation>通过 id</translation>
    </message>
    <message>
        <location line="+0"/>
        <source>by words</source>
        <translation>通过文字</translation>
    </message>
    <message>
        <location line="-27"/>
        <source>Chain:</source>
        <translation>链：</translation>
    </message>
    <message>
        <location line="-105"/>
        <source>From {files}: goals {goals}, projects {projects}; neglected (no mention in {days} days) {neglected}, linked to nothing {unlinked}, reading problems {problems}.</source>
        <translation>来自 {files}：目标 {goals} 个，项目 {projects} 个；被忽视（{days} 天内未被提及）{neglected} 个，未关联任何内容 {unlinked} 个，读取问题 {problems} 个。</translation>
    </message>
    <message>
        <location line="+112"/>
        <source>Serves:</source>
        <translation>服务于：</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Served by:</source>
        <translation>由以下条目服务：</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>No memory line mentions it.</source>
        <translation>没有记忆行提及它。</translation>
    </message>
</context>
<context>
    <name>TopTagsChart</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/charts.py" line="+91"/>
        <source>Top concept tags</source>
        <translation>热门概念标签</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>No concept tags yet</source>
        <translation>还没有概念标签</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+64"/>
        <source>{tag}: {count} ledger entries</source>
        <translation>{tag}：{count} 个记录簿条目</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>tag “{tag}”</source>
        <translation>标签“{tag}”</translation>
    </message>
</context>
<context>
    <name>TraceDetail</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/trace_detail.py" line="+36"/>
        <source>vector list</source>
        <translation>向量列表</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword list</source>
        <translation>关键词列表</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>merged, before decay</source>
        <translation>合并后、衰减前</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>after decay</source>
        <translation>衰减后</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>current facts</source>
        <translation>当前事实</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>after MMR</source>
        <translation>MMR 后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>final</source>
        <translation>最终</translation>
    </message>
    <message>
        <location line="+13"/>
        <source>exact identifiers of the question in this chunk: {ids} (each weighs {w}× its IDF)</source>
        <translation>本块含问题中的精确标识符：{ids}（每个按其 IDF 的 {w} 倍计）</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>OpenViking boosts: min(1, {weighted}) + {boost} ({reasons})</source>
        <translation>OpenViking 加成：min(1, {weighted}) + {boost}（{reasons}）</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>date named in the question: {reason}: + {bonus} = {total}</source>
        <translation>问题中提到的日期：{reason}：+ {bonus} = {total}</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>joined the candidates because its note is of a day the question names</source>
        <translation>因其笔记日期是问题提到的那一天而加入候选</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>cosine {value} = {chunk_share} × whole chunk {chunk} + {share} × best passage {passage}</source>
        <translation>余弦 {value} = {chunk_share} × 整块 {chunk} + {share} × 最佳段落 {passage}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>cosine {value}</source>
        <translation>余弦 {value}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>cosine – (not embedded or no model): counts 0</source>
        <translation>余弦 –（未嵌入或无模型）：记 0</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>the query vector mixes the question&apos;s embedding with its English rendering&apos;s ({weight} of it): “{text}”</source>
        <translation>查询向量混入了问题英文译法的嵌入（占 {weight}）：“{text}”</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>(kept within 0..1)</source>
        <translation>（限制在 0..1 之间）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>calibrated = (cosine {cosine} − unrelated {low}) / (clearly about it {high} − unrelated {low}) = {value}</source>
        <translation>校准值 = (余弦 {cosine} − 无关 {low}) / (明确相关 {high} − 无关 {low}) = {value}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>unrelated {low}: this question&apos;s median score over the index, lower than the model&apos;s</source>
        <translation>无关 {low}：这个问题在索引上的得分中位数，低于模型自身的无关值</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>keyword score {value} (BM25 {raw}, terms: {terms})</source>
        <translation>关键词得分 {value}（BM25 {raw}，词：{terms}）</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>of those, the question&apos;s words in the other language: {terms}</source>
        <translation>其中按另一种语言找到的问题词：{terms}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>keyword score – (no keyword match): counts 0</source>
        <translation>关键词得分 –（无关键词匹配）：记 0</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>weights set in Tune: vector {vw}, text {tw}</source>
        <translation>调参中设定的权重：向量 {vw}，文本 {tw}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>lexical tilt for this query: text {tw} × ({base} + {tilt} × keyword evidence {confidence}) = {tilted}; both divided by {vw} + {tilted} = {total}: vector {vw} / {total} = {vw_eff}, text {tilted} / {total} = {tw_eff}</source>
        <translation>本次查询的词汇倾斜：文本 {tw} × ({base} + {tilt} × 关键词证据 {confidence}) = {tilted}；两者都除以 {vw} + {tilted} = {total}：向量 {vw} / {total} = {vw_eff}，文本 {tilted} / {total} = {tw_eff}</translation>
    </message>
    <message>
        <location line="+17"/>
        <source>no model: keyword side only (vector 0, text 1)</source>
        <translation>无模型：仅关键词一侧（向量 0，文本 1）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>vector part {value} × {weight} = {part}</source>
        <translation>向量部分 {value} × {weight} = {part}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>keyword part {value} × {weight} = {part}</source>
        <translation>关键词部分 {value} × {weight} = {part}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>weighted {vector} + {keyword} = &lt;b&gt;{total}&lt;/b&gt;</source>
        <translation>加权 {vector} + {keyword} = &lt;b&gt;{total}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>decay {decay}: {weighted} × {mult} = &lt;b&gt;{score}&lt;/b&gt;</source>
        <translation>衰减 {decay}：{weighted} × {mult} = &lt;b&gt;{score}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>the age is counted to {day}, the day of the newest note (so that notes do not all grow old while nothing new is written)</source>
        <translation>年龄算到 {day}，即最新一篇笔记的日期（这样在没有新笔记的时候，所有笔记不会一起变旧）</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>the age is counted to today, {day}</source>
        <translation>年龄算到今天，{day}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>current facts first (the question asks about the current state): this is the newest of {count} statements about the same subject and goes first; score {score}, rank {rank}</source>
        <translation>当前事实优先（问题问的是当前状态）：这是关于同一件事的 {count} 条记录中最新的一条，排在前面；得分 {score}，排名 {rank}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>current facts first (the question asks about the current state): one of {count} statements about the same subject; a newer one goes first; score {score}, rank {rank}</source>
        <translation>当前事实优先（问题问的是当前状态）：这是关于同一件事的 {count} 条记录之一；更新的一条排在前面；得分 {score}，排名 {rank}</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>current facts first: the question asks about the current state, but no other dated statement near the top says something about the same thing as this one (MEMORY.md and topic files have no date); the order stays</source>
        <translation>当前事实优先：问题问的是当前状态，但排在前面的结果里没有其他带日期、且与这一条说同一件事的记录（MEMORY.md 和主题文件没有日期）；顺序不变</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>MMR (orders, does not change the score): relevance {rel} − penalty {pen} (most similar result already picked: {sim}) = {value}, picked at step {step}</source>
        <translation>MMR（只排序，不改得分）：相关度 {rel} − 惩罚 {pen}（与已选结果的最大相似度：{sim}）= {value}，第 {step} 步选中</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>memory layer {layer}: score × weight {weight}</source>
        <translation>记忆层 {layer}：得分 × 权重 {weight}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>final score &lt;b&gt;{score}&lt;/b&gt;</source>
        <translation>最终得分 &lt;b&gt;{score}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>Dropped at {stage}</source>
        <translation>在{stage}阶段被剔除</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>vector</source>
        <translation>向量</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>decay</source>
        <translation>衰减</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>with boosts and date bonus {base}</source>
        <translation>加上加成与日期加分 {base}</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>Select a result to see its full score trace.</source>
        <translation>选择一个结果，查看完整的分数追踪。</translation>
    </message>
</context>
<context>
    <name>TuningPanel</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/tuning_panel.py" line="+39"/>
        <location line="+2"/>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <location line="+3"/>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>calibrated (Reverie)</source>
        <translation>校准融合（Reverie）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>weighted raw scores (OpenClaw)</source>
        <translation>原始分数加权（OpenClaw）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>reciprocal rank fusion (QMD)</source>
        <translation>倒数排名融合（QMD）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>identifiers in the question match whole</source>
        <translation>问题中的标识符整体匹配</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>current facts first on state questions</source>
        <translation>问现状时当前事实优先</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>notes of a day or month the question names</source>
        <translation>问题提到的日期或月份的笔记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>the question&apos;s words in Chinese / English too</source>
        <translation>问题中的词也按中文 / 英文查找</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>OpenViking boosts</source>
        <translation>OpenViking 加成</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>query vector: a Chinese question&apos;s English rendering too</source>
        <translation>查询向量：也用中文问题的英文译法</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>calibrated cosine: the question&apos;s own unrelated level</source>
        <translation>校准余弦：用问题自身的“无关”水平</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Vector weight (text = 1 − it)</source>
        <translation>向量权重（文本 = 1 − 它）</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Candidate multiplier</source>
        <translation>候选倍数</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>MMR λ (relevance vs diversity)</source>
        <translation>MMR λ（相关性与多样性）</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Temporal decay</source>
        <translation>时间衰减</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Half-life</source>
        <translation>半衰期</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fusion</source>
        <translation>融合</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Stages</source>
        <translation>阶段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Memory layers</source>
        <translation>记忆层</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reset to saved</source>
        <translation>恢复为已保存</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Save as workspace profile</source>
        <translation>保存为工作区配置方案</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Export OpenClaw JSON…</source>
        <translation>导出 OpenClaw JSON…</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>What-if tuning</source>
        <translation>假设调参</translation>
    </message>
    <message>
        <location line="+84"/>
        <source>This query used vector {vw}, text {tw}.</source>
        <translation>此查询实际使用的权重：向量 {vw}，文本 {tw}。</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>This query used vector {vw}, text {tw}: tilted by its keyword evidence {confidence} (the trace shows the sum).</source>
        <translation>此查询实际使用的权重：向量 {vw}，文本 {tw}：已按其关键词证据 {confidence} 倾斜调整（追踪中显示合计值）。</translation>
    </message>
</context>
<context>
    <name>UnreadablePage</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/editor_tabs.py" line="-168"/>
        <source>Cannot read {path}: {reason}.</source>
        <translation>无法读取 {path}：{reason}。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Nothing was written to it; this tab opens it for editing once it can be read.</source>
        <translation>没有向它写入任何内容；一旦能读取，这个标签页就会打开它供编辑。</translation>
    </message>
</context>
<context>
    <name>WhatIfPanel</name>
    <message>
        <location filename="../../app/reverie/gui/dashboard/whatif_panel.py" line="+30"/>
        <source>Try other thresholds and weights (writes nothing)</source>
        <translation>尝试其他阈值与权重（不写入任何内容）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Back to the configured values</source>
        <translation>恢复为配置值</translation>
    </message>
    <message>
        <location line="+11"/>
        <source>weight: {name}</source>
        <translation>权重：{name}</translation>
    </message>
</context>
<context>
    <name>WhyNotDialog</name>
    <message>
        <location filename="../../app/reverie/gui/dialogs/why_not_dialog.py" line="+17"/>
        <source>Run a search first.</source>
        <translation>请先运行一次搜索。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Ranked #{rank}</source>
        <translation>排名第 {rank}</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>Dropped</source>
        <translation>已剔除</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>No chunk of these lines was among the candidates of this search: it was in neither the vector list nor the keyword list (or the index has not seen it yet).</source>
        <translation>这些行的片段都不在本次搜索的候选中：既不在向量列表中，也不在关键词列表中（或者索引尚未收录）。</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Why not this?</source>
        <translation>为什么不是这个？</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Query: &lt;b&gt;{query}&lt;/b&gt;</source>
        <translation>查询：&lt;b&gt;{query}&lt;/b&gt;</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>The search engine found no chunk on these lines.</source>
        <translation>搜索引擎在这些行上没有找到片段。</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This search engine cannot score arbitrary chunks yet; showing what the last search&apos;s trace recorded about these lines.</source>
        <translation>此搜索引擎暂时无法为任意片段打分；下面显示上次搜索的追踪中关于这些行的记录。</translation>
    </message>
</context>
<context>
    <name>WorkspaceTree</name>
    <message>
        <location filename="../../app/reverie/gui/widgets/workspace_tree.py" line="+74"/>
        <source>Filter files…</source>
        <translation>筛选文件…</translation>
    </message>
    <message>
        <location line="+179"/>
        <source>Memory layer ({layer})</source>
        <translation>记忆层（{layer}）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>Use the rules</source>
        <translation>按规则决定</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>New daily note for today</source>
        <translation>新建今天的日记</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Move to trash…</source>
        <translation>移到回收站…</translation>
    </message>
</context>
<context>
    <name>WorkspaceTreeModel</name>
    <message>
        <location filename="../../app/reverie/gui/models/workspace_tree_model.py" line="+41"/>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Mon</source>
        <translation>周一</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Tue</source>
        <translation>周二</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Wed</source>
        <translation>周三</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Thu</source>
        <translation>周四</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Fri</source>
        <translation>周五</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sat</source>
        <translation>周六</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Sun</source>
        <translation>周日</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>January</source>
        <translation>1月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>February</source>
        <translation>2月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>March</source>
        <translation>3月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>April</source>
        <translation>4月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>May</source>
        <translation>5月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>June</source>
        <translation>6月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>July</source>
        <translation>7月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>August</source>
        <translation>8月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>September</source>
        <translation>9月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>October</source>
        <translation>10月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>November</source>
        <translation>11月</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>December</source>
        <translation>12月</translation>
    </message>
    <message>
        <location line="+177"/>
        <source>Long-term</source>
        <translation>长期记忆</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Daily notes</source>
        <translation>日记</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Other memory files</source>
        <translation>其他记忆文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Session transcripts</source>
        <translation>会话记录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dreaming</source>
        <translation>梦境</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Extra paths</source>
        <translation>额外路径</translation>
    </message>
    <message>
        <location line="-8"/>
        <source>{month} {year}</source>
        <translation>{year}年{month}</translation>
    </message>
    <message>
        <location line="+34"/>
        <source>agent {agent}</source>
        <translation>代理 {agent}</translation>
    </message>
    <message>
        <location line="-204"/>
        <source>{path}
{size}, modified {time}
Layer {layer}: {reason}</source>
        <translation>{path}
{size}，修改于 {time}
层 {layer}：{reason}</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>{files} files, {size}</source>
        <translation>{files} 个文件，{size}</translation>
    </message>
</context>
<context>
    <name>i18n</name>
    <message>
        <location filename="../../app/reverie/gui/i18n.py" line="+37"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
</context>
</TS>
