package gen

import "strconv"

// Tool outputs: the bulk of an output-heavy log. They are copied from the
// pre-escaped line pools, so a megabyte costs little more than a memmove.

var writeConfirmations = []string{
	"Wrote 214 bytes to internal/parser/scan_test.go",
	"Applied 1 edit to internal/parser/scan.go (+1 -1)",
	"Applied 2 edits to src/lib/format.ts (+2 -2)",
	"Created docs/notes/résumé.md (38 bytes)",
}

// toolOutput appends the escaped output of a successful call of t.
func (w *runWriter) toolOutput(dst []byte, t tool, truncated bool) []byte {
	r, sh := w.r, &w.g.shape
	if w.g.tree != nil {
		return w.realToolOutput(dst)
	}
	if t.sideEffect == "write" {
		return appendEscaped(dst, pick(r, writeConfirmations))
	}
	size := r.logUniform(sh.outputBytes[0], sh.outputBytes[1])
	if truncated {
		size = sh.outputBytes[1] // the tool's output cap
	}
	pool := &outputPools()[t.out]
	if w.g.opts.Secrets && r.chance(12) {
		// A credential in the middle of the output, as when a tool reads a
		// config file or prints its environment.
		dst = pool.appendLines(dst, r, size/2, t.inOrder)
		dst = appendEscaped(dst, pick(r, secretLineFormats)(w.g.newSecret()))
		dst = append(dst, '\\', 'n')
		size -= size / 2
	}
	dst = pool.appendLines(dst, r, size, t.inOrder)
	if truncated {
		shown := strconv.Itoa(size)
		total := strconv.Itoa(size * w.r.between(2, 9))
		dst = appendEscaped(dst, "… [output truncated: showing "+shown+" of "+total+" bytes]")
	}
	return dst
}

// failureOutput returns the escaped output of a failed command.
func (w *runWriter) failureOutput() []byte {
	if w.g.tree != nil {
		return w.real.out // built with the call's args
	}
	w.tmp = append(w.tmp[:0], `exit status 1\n`...)
	w.tmp = outputPools()[outStackTrace].appendLines(w.tmp, w.r, w.r.between(200, 6000), false)
	return w.tmp
}

// escaped returns s escaped for a JSON string, in a buffer reused by the
// next call.
func (w *runWriter) escaped(s string) []byte {
	w.tmp = appendEscaped(w.tmp[:0], s)
	return w.tmp
}
