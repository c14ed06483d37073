<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>ApprovalPreview</name>
    <message>
        <location filename="../../gui/dashboard/approval_preview.py" line="+82"/>
        <source>MEMORY.md (after approval)</source>
        <translation>MEMORY.md（批准后）</translation>
    </message>
    <message>
        <location line="+23"/>
        <source>No change: the entry is already in MEMORY.md.</source>
        <translation>无变化：该条目已在 MEMORY.md 中。</translation>
    </message>
</context>
<context>
    <name>CandidatesFilter</name>
    <message>
        <location filename="../../gui/dashboard/candidates_model.py" line="+336"/>
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
        <location line="-309"/>
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
        <source>Why (weighted components + boost)</source>
        <translation>原因（加权分项 + 加成）</translation>
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
        <location line="+39"/>
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
        <location line="+118"/>
        <source>Each component&apos;s weighted contribution, then the light/REM phase boost, stacked to the score; the red line is minScore.</source>
        <translation>各分项的加权贡献，再加上浅睡/REM 阶段加成，堆叠成总分；红线为 minScore。</translation>
    </message>
    <message>
        <location line="+58"/>
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
</context>
<context>
    <name>CommandPalette</name>
    <message>
        <location filename="../../gui/widgets/command_palette.py" line="+99"/>
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
        <location filename="../../gui/dialogs/compare_dialog.py" line="+47"/>
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
        <location filename="../../gui/widgets/conflict_bar.py" line="+19"/>
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
        <location line="+15"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; was deleted or moved by another program; your unsaved text is kept here.</source>
        <translation>&lt;b&gt;{name}&lt;/b&gt; 已被其他程序删除或移动；你未保存的文本仍保留在这里。</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>&lt;b&gt;{name}&lt;/b&gt; was changed by another program while you had unsaved edits.</source>
        <translation>你有未保存的编辑时，&lt;b&gt;{name}&lt;/b&gt; 被其他程序修改了。</translation>
    </message>
</context>
<context>
    <name>Controller</name>
    <message>
        <location filename="../../gui/controller.py" line="+302"/>
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
        <location line="+67"/>
        <source>Indexing failed: {error}</source>
        <translation>索引失败：{error}</translation>
    </message>
    <message>
        <location line="+64"/>
        <location line="+16"/>
        <source>Session transcripts are read-only here.</source>
        <translation>会话记录在这里是只读的。</translation>
    </message>
    <message>
        <location line="-12"/>
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
        <location filename="../../gui/widgets/conversation_view.py" line="+13"/>
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
    <name>DashboardChart</name>
    <message>
        <location filename="../../gui/dashboard/charts.py" line="+37"/>
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
</context>
<context>
    <name>DemoBar</name>
    <message>
        <location filename="../../gui/widgets/demo_bar.py" line="+21"/>
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
        <location filename="../../gui/dashboard/detail_pane.py" line="+30"/>
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
        <location line="+2"/>
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
        <source>Recall history</source>
        <translation>召回历史</translation>
    </message>
    <message>
        <location line="+16"/>
        <source>Pick a candidate to see why it scored what it scored and what approving it would write.</source>
        <translation>选择一个候选，查看它的得分原因以及批准后将写入的内容。</translation>
    </message>
    <message>
        <location line="+8"/>
        <source>Recall history: {searches} searches, {queries} distinct queries</source>
        <translation>召回历史：{searches} 次搜索，{queries} 个不同查询</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Nothing: this candidate is already promoted or cannot be located.</source>
        <translation>无：该候选已晋升或无法定位。</translation>
    </message>
</context>
<context>
    <name>DreamDashboard</name>
    <message>
        <location filename="../../gui/dashboard/dashboard.py" line="+211"/>
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
        <location line="+19"/>
        <location line="+405"/>
        <source>Approve</source>
        <translation>批准</translation>
    </message>
    <message>
        <location line="-404"/>
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
        <location line="+49"/>
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
        <location line="+88"/>
        <source>The dreaming files cannot be read: {error}</source>
        <translation>无法读取梦境文件：{error}</translation>
    </message>
    <message>
        <location line="+51"/>
        <source>{shown} shown · {passing} of {total} pass</source>
        <translation>显示 {shown} 个 · {total} 个中 {passing} 个通过</translation>
    </message>
    <message>
        <location line="+80"/>
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
        <location line="+7"/>
        <source>{files} changed on disk after these candidates were shown (another program, such as OpenClaw, wrote it). Nothing was written. The view is being refreshed; check the candidate again, then retry.</source>
        <translation>显示这些候选后，{files} 在磁盘上发生了变化（由其他程序写入，例如 OpenClaw）。未写入任何内容。视图正在刷新；请重新检查候选后再试。</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>Changed on disk</source>
        <translation>磁盘上已更改</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>{action} failed: {error}</source>
        <translation>{action}失败：{error}</translation>
    </message>
    <message>
        <location line="+39"/>
        <source>{action}: working… (waits for the ledger lock while another program holds it)</source>
        <translation>{action}：处理中…（另一个程序持有记录簿锁时会等待）</translation>
    </message>
    <message>
        <location line="+21"/>
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
        <location line="+16"/>
        <source>Approved {key} with edited text → MEMORY.md</source>
        <translation>已以编辑后的文本批准 {key} → MEMORY.md</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Edit and approve</source>
        <translation>编辑并批准</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>Approved {key} in place of MEMORY.md line {line} ({old} moved to Superseded)</source>
        <translation>已批准 {key}，替换 MEMORY.md 第 {line} 行（{old} 已移至 Superseded）</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Replace</source>
        <translation>替换</translation>
    </message>
    <message>
        <location line="+13"/>
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
        <location line="+12"/>
        <source>Snoozed {key} until {date}</source>
        <translation>{key} 已稍后处理，直到 {date}</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Snooze</source>
        <translation>稍后处理</translation>
    </message>
    <message>
        <location line="+8"/>
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
        <location filename="../../gui/widgets/editor.py" line="+96"/>
        <source>Saved {path}; re-indexing…</source>
        <translation>已保存 {path}；正在重新索引…</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>{path} was changed on disk and reloaded</source>
        <translation>{path} 在磁盘上已更改，已重新载入</translation>
    </message>
    <message>
        <location line="+26"/>
        <source>Reloaded from disk; Undo (Ctrl+Z) brings your edits back</source>
        <translation>已从磁盘重新载入；撤销（Ctrl+Z）可恢复你的编辑</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>Overwrite the file on disk?</source>
        <translation>覆盖磁盘上的文件？</translation>
    </message>
    <message>
        <location line="+2"/>
        <source>Save your version of {path} over the one another program wrote? Their changes will be replaced.</source>
        <translation>用你的 {path} 版本覆盖其他程序写入的版本？对方的更改将被替换。</translation>
    </message>
    <message>
        <location line="+39"/>
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
        <location filename="../../gui/widgets/editor_tabs.py" line="+90"/>
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
        <location filename="../../gui/widgets/find_bar.py" line="+24"/>
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
    <name>LedgerGrowthChart</name>
    <message>
        <location filename="../../gui/dashboard/charts.py" line="+362"/>
        <source>Ledger size / promoted</source>
        <translation>记录簿大小 / 已晋升</translation>
    </message>
    <message>
        <location line="+22"/>
        <source>entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>promoted</source>
        <translation>已晋升</translation>
    </message>
    <message>
        <location line="+34"/>
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
        <location filename="../../gui/main_window.py" line="+79"/>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>Dreaming</source>
        <translation>梦境</translation>
    </message>
    <message>
        <location line="+20"/>
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
        <location line="+9"/>
        <source>&amp;Search</source>
        <translation>搜索(&amp;S)</translation>
    </message>
    <message>
        <location line="+3"/>
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
        <location line="+67"/>
        <source>Open workspace</source>
        <translation>打开工作区</translation>
    </message>
    <message>
        <location line="+19"/>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <location line="+14"/>
        <source>(no OpenClaw workspace found)</source>
        <translation>（未找到 OpenClaw 工作区）</translation>
    </message>
    <message>
        <location line="+36"/>
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
        <location line="+11"/>
        <source>Rename failed: {error}</source>
        <translation>重命名失败：{error}</translation>
    </message>
    <message>
        <location line="+5"/>
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
        <location line="+65"/>
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
        <location filename="../../gui/app.py" line="+102"/>
        <source>Unexpected error: {error}</source>
        <translation>意外错误：{error}</translation>
    </message>
</context>
<context>
    <name>PhasePanel</name>
    <message>
        <location filename="../../gui/dashboard/phase_panel.py" line="+25"/>
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
        <location line="+3"/>
        <source>ingested: {what}</source>
        <translation>已摄取：{what}</translation>
    </message>
    <message>
        <location line="+2"/>
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
        <location filename="../../gui/dashboard/prompts.py" line="+40"/>
        <source>Edit, then approve</source>
        <translation>编辑后批准</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>This text is written to MEMORY.md instead of the snippet:</source>
        <translation>将以此文本代替原摘录写入 MEMORY.md：</translation>
    </message>
    <message>
        <location line="+21"/>
        <source>Reject</source>
        <translation>拒绝</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Reason (optional):</source>
        <translation>原因（可选）：</translation>
    </message>
    <message>
        <location line="+6"/>
        <source>Snooze</source>
        <translation>稍后处理</translation>
    </message>
    <message>
        <location line="+3"/>
        <source>Hide this candidate until:</source>
        <translation>隐藏此候选，直到：</translation>
    </message>
    <message>
        <location line="+18"/>
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
        <location line="+5"/>
        <source>Approve as replacement</source>
        <translation>批准为替换</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Replace which MEMORY.md line?</source>
        <translation>替换 MEMORY.md 中的哪一行？</translation>
    </message>
</context>
<context>
    <name>RecallTimeline</name>
    <message>
        <location filename="../../gui/dashboard/recall_timeline.py" line="+60"/>
        <source>no recorded searches</source>
        <translation>没有记录的搜索</translation>
    </message>
</context>
<context>
    <name>ScoreDistributionChart</name>
    <message>
        <location filename="../../gui/dashboard/charts.py" line="-285"/>
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
        <location line="+19"/>
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
        <location line="+54"/>
        <source>Score vs signals (gates)</source>
        <translation>分数与信号（门槛）</translation>
    </message>
    <message>
        <location line="+9"/>
        <source>signals</source>
        <translation>信号</translation>
    </message>
    <message>
        <location line="+12"/>
        <source>passes</source>
        <translation>通过</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>fails</source>
        <translation>未通过</translation>
    </message>
    <message>
        <location line="+44"/>
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
        <location filename="../../gui/widgets/search_pane.py" line="+67"/>
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
        <location line="+117"/>
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
        <location line="+49"/>
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
        <location line="+9"/>
        <source>{results} results, {dropped} dropped · {mode} · profile {profile} · {ms} ms</source>
        <translation>{results} 个结果，{dropped} 个被剔除 · {mode} · 配置方案 {profile} · {ms} 毫秒</translation>
    </message>
</context>
<context>
    <name>SearchResultsModel</name>
    <message>
        <location filename="../../gui/models/search_results_model.py" line="+39"/>
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
        <location line="+2"/>
        <source>Location</source>
        <translation>位置</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Snippet</source>
        <translation>摘录</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>Dropped because</source>
        <translation>剔除原因</translation>
    </message>
    <message>
        <location line="+4"/>
        <source>evergreen</source>
        <translation>常青</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>no-date</source>
        <translation>无日期</translation>
    </message>
    <message>
        <location line="+43"/>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>{days}d</source>
        <translation>{days}天</translation>
    </message>
    <message>
        <location line="+66"/>
        <location line="+46"/>
        <source>new</source>
        <translation>新</translation>
    </message>
    <message>
        <location line="-9"/>
        <source>Dropped at {stage}: {reason}</source>
        <translation>在{stage}阶段被剔除：{reason}</translation>
    </message>
</context>
<context>
    <name>SettingsDialog</name>
    <message>
        <location filename="../../gui/dialogs/settings_dialog.py" line="+160"/>
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
        <source>The OpenClaw state folder does not exist: {0}</source>
        <translation>OpenClaw 状态文件夹不存在：{0}</translation>
    </message>
    <message>
        <location line="+10"/>
        <source>The workspace to open at start does not exist: {0}</source>
        <translation>启动时要打开的工作区不存在：{0}</translation>
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
        <location line="+4"/>
        <source>This folder does not exist.</source>
        <translation>此文件夹不存在。</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+22"/>
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
        <location filename="../../gui/dialogs/shortcuts_dialog.py" line="+91"/>
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
        <location filename="../../gui/dashboard/charts.py" line="-269"/>
        <source>Signals per day</source>
        <translation>每日信号</translation>
    </message>
    <message>
        <location line="+46"/>
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
        <location filename="../../gui/status_panel.py" line="+28"/>
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
        <location line="+18"/>
        <source>{n} files</source>
        <translation>{n} 个文件</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} chunks</source>
        <translation>{n} 个片段</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>{n} embeddings pending</source>
        <translation>{n} 个嵌入待处理</translation>
    </message>
    <message>
        <location line="+4"/>
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
        <location line="+9"/>
        <source>⚠ {n} file problems</source>
        <translation>⚠ {n} 个文件问题</translation>
    </message>
    <message>
        <location line="+3"/>
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
    <name>TopTagsChart</name>
    <message>
        <location filename="../../gui/dashboard/charts.py" line="+84"/>
        <source>Top concept tags</source>
        <translation>热门概念标签</translation>
    </message>
    <message>
        <location line="+7"/>
        <source>entries</source>
        <translation>条目</translation>
    </message>
    <message>
        <location line="+24"/>
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
        <location filename="../../gui/widgets/trace_detail.py" line="+33"/>
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
        <location line="+1"/>
        <source>after MMR</source>
        <translation>MMR 后</translation>
    </message>
    <message>
        <location line="+1"/>
        <source>final</source>
        <translation>最终</translation>
    </message>
    <message>
        <location line="+8"/>
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
        <location line="+47"/>
        <source>Select a result to see its full score trace.</source>
        <translation>选择一个结果，查看完整的分数追踪。</translation>
    </message>
</context>
<context>
    <name>TuningPanel</name>
    <message>
        <location filename="../../gui/widgets/tuning_panel.py" line="+64"/>
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
        <location line="+2"/>
        <source>Vector weight (text = 1 − it)</source>
        <translation>向量权重（文本 = 1 − 它）</translation>
    </message>
    <message>
        <location line="+1"/>
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
</context>
<context>
    <name>WhatIfPanel</name>
    <message>
        <location filename="../../gui/dashboard/whatif_panel.py" line="+59"/>
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
        <location filename="../../gui/dialogs/why_not_dialog.py" line="+17"/>
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
        <location filename="../../gui/widgets/workspace_tree.py" line="+27"/>
        <source>Filter files…</source>
        <translation>筛选文件…</translation>
    </message>
    <message>
        <location line="+77"/>
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
        <location filename="../../gui/models/workspace_tree_model.py" line="+32"/>
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
        <location line="+55"/>
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
        <location line="+12"/>
        <source>{month} {year}</source>
        <translation>{year}年{month}</translation>
    </message>
    <message>
        <location line="+15"/>
        <source>agent {agent}</source>
        <translation>代理 {agent}</translation>
    </message>
    <message>
        <location line="+87"/>
        <source>{path}
{size}, modified {time}</source>
        <translation>{path}
{size}，修改于 {time}</translation>
    </message>
    <message>
        <location line="+5"/>
        <source>{files} files, {size}</source>
        <translation>{files} 个文件，{size}</translation>
    </message>
</context>
<context>
    <name>i18n</name>
    <message>
        <location filename="../../gui/i18n.py" line="+34"/>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
</context>
</TS>
