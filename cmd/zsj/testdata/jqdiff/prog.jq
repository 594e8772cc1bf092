# total tokens, with a comment
select(.type == "usage")
| {runId, totalTokens}
