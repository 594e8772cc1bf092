package gen

// Input events are what a client sends to zero exec --input-format
// stream-json: message and prompt, with no runId. With Options.Input each
// "run" is one request of one to three events.

var userPrompts = []string{
	"Inspect this repo.",
	"Return only blockers.",
	"Why does TestLoadConfig fail? Fix it with a minimal diff.",
	"Run the tests and summarize the failures in a table.",
	"Add a test for strings that end in a backslash (\\\\).",
	"Explain the \"scanString\" function line by line.",
	"Traduis le README en français, s'il te plaît.",
	"日本語のラベルが切れる原因を調べてください。",
	"Make the header render \"Café Résumé\" correctly 🙏",
	"Check the build on Windows paths like C:\\Users\\dev\\widget.\nThen open a PR.",
}

func (g *generator) writeInput() error {
	version := byte('0' + g.opts.SchemaVersion)
	message := append([]byte(`{"schemaVersion":`), version)
	message = append(message, `,"type":"message","role":"user","content":`...)
	prompt := append([]byte(`{"schemaVersion":`), version)
	prompt = append(prompt, `,"type":"prompt","content":`...)
	var buf []byte
	for runs := 0; g.err == nil && g.wantMore(runs); runs++ {
		buf = buf[:0]
		for n := g.r.between(1, 3); n > 0; n-- {
			content := pick(g.r, userPrompts)
			if g.opts.Secrets && g.r.chance(20) {
				content += "\nUse " + g.newSecret() + " for the staging API."
			}
			if g.r.chance(60) {
				buf = append(buf, message...)
			} else {
				buf = append(buf, prompt...)
			}
			buf = appendString(buf, content)
			buf = append(buf, '}', '\n')
			g.line++
		}
		g.write(buf)
	}
	return g.err
}
