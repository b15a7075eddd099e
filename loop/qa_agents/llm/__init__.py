"""The LLM QA agent (GBQA's baseline, improved) and its parts.

LLMQA (qa_agent)            the QAAgent "llm" (`closed-loop qa GAME --agent llm --mode player|qa`)
LLMQASession (agent)        run() loops on step(): plan, play, reflect, verify by replay
WorkingMemory (memory)      last k steps in full, older ones folded into a bounded summary
GameMemory (campaign)       cross-session memory per game keyed by commit (JSON under the data dir)
LocalVerifier (verification) replay on a fresh game, judged; repro shrunk by ddmin
Lead (leads)                an unsettled suspicion with its next check; a targeted retry before a drop
Checkpoint (checkpoints)    a stored command prefix a new game replays without the planner
RepoReader (repo_tools)     QA mode: docs and source of the materialized repo, nothing else
prompts/*.md (prompting)    the templates, each naming its role and the reply model it expects
"""
