package view

// keyHelp is every key, as ? shows them: one table per screen.
var keyHelp = []struct {
	screen string
	keys   [][2]string
}{
	{"run list", [][2]string{
		{"↑ ↓ k j", "move"},
		{"pgup pgdn", "move a screen"},
		{"g G", "first, last run"},
		{"enter", "open the run"},
		{"f", "failed runs only (error or unfinished), or all"},
		{"s", "sort: newest, oldest, tokens, cost, tools, failed first"},
		{"/", "filter by text or runId (enter keeps it, esc clears it)"},
		{"q", "quit"},
	}},
	{"run page", [][2]string{
		{"↑ ↓ k j", "move"},
		{"pgup pgdn", "move a screen"},
		{"g G", "top, bottom"},
		{"space", "fold or unfold the tool output or reasoning under the cursor"},
		{"z", "fold or unfold them all"},
		{"e E", "next, previous error"},
		{"b", "next block or denied permission"},
		{"/", "search (enter searches, esc cancels)"},
		{"n N", "next, previous hit"},
		{"r", "raw JSON of the event under the cursor, with file:line"},
		{"q esc", "back to the list"},
	}},
	{"everywhere", [][2]string{
		{"?", "this help (any key closes it)"},
		{"ctrl+c", "quit"},
	}},
}
