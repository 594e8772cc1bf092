package gen

import (
	"bytes"
	"path"
	"strconv"
	"strings"
)

// Outputs of realistic calls: what a file read, a grep, a find and the
// other tools print over the content tree.

// realRead shows a whole file (read_file, cat, web_fetch) or a range of
// its lines (sed -n). It returns the file's size.
func (w *runWriter) realRead(t tool) int {
	r, c := w.r, &w.real
	list := []int32(nil)
	if t.name == "web_fetch" && len(w.g.tree.docFiles) > 0 {
		list = w.g.tree.docFiles
	}
	i, data := w.pickFile(list)
	p := w.g.tree.files[i].path
	switch {
	case t.name == "web_fetch":
		c.argsObject("url", "https://example.com/"+p)
	case t.name == "read_file":
		c.argsObject("path", p)
	case r.chance(25):
		lines := bytes.Count(data, []byte{'\n'}) + 1
		from := r.between(1, lines)
		to := from + r.between(20, 200)
		c.argsObject("command", "sed -n '"+strconv.Itoa(from)+","+strconv.Itoa(to)+"p' "+p)
		data = lineRange(data, from, to)
	default:
		c.argsObject("command", "cat "+p)
	}
	c.argsEnd()
	c.raw = append(c.raw, data...)
	return len(data)
}

// lineRange returns lines from to to (1-based, inclusive) of data.
func lineRange(data []byte, from, to int) []byte {
	start, n := 0, 1
	for ; n < from; n++ {
		k := bytes.IndexByte(data[start:], '\n')
		if k < 0 {
			return nil
		}
		start += k + 1
	}
	end := start
	for ; n <= to && end < len(data); n++ {
		k := bytes.IndexByte(data[end:], '\n')
		if k < 0 {
			return data[start:]
		}
		end += k + 1
	}
	return data[start:end]
}

// pickFile draws a good file from list (nil: any). The tree holds at least
// one good file: Write checks that before the first run.
func (w *runWriter) pickFile(list []int32) (int, []byte) {
	i, data, ok := w.g.tree.pick(w.r, list)
	if !ok {
		i, data, _ = w.g.tree.pick(w.r, nil)
	}
	return i, data
}

// hotWords are words that real source is dense with and agents grep for.
var hotWords = []string{"token", "key", "secret", "password", "auth", "TODO", "Error", "config"}

// maxGrepFiles bounds the files one grep reads: opening them is most of
// the cost of a realistic log.
const maxGrepFiles = 24

// realGrep greps a word of a file over the file's directory, printing
// path:line:text for each matching line, as grep -rn does.
func (w *runWriter) realGrep(t tool, limit int) {
	r, c, tr := w.r, &w.real, w.g.tree
	i, data := w.pickFile(tr.goFiles)
	word := pickWord(r, data)
	if r.chance(20) {
		word = pick(r, hotWords)
	}
	dir := path.Dir(tr.files[i].path)
	if t.name == "grep" {
		c.argsObject("pattern", word)
		c.args = appendStringField(c.args, "path", dir+"/")
	} else {
		c.argsObject("command", "grep -rn '"+word+"' "+dir+"/")
	}
	c.argsEnd()
	lo, hi := tr.dirRange(i, dir)
	lo = max(lo, i-maxGrepFiles/2)
	pattern := []byte(word)
	for k, read := lo, 0; k < hi && read < maxGrepFiles && len(c.raw) <= limit; k++ {
		data, ok := tr.read(k)
		if !ok {
			continue
		}
		read++
		if !bytes.Contains(data, pattern) {
			continue
		}
		for n := 1; len(data) > 0; n++ {
			line, rest, _ := bytes.Cut(data, []byte{'\n'})
			if bytes.Contains(line, pattern) {
				c.printf(tr.files[k].path, ":", strconv.Itoa(n), ":")
				c.raw = append(c.raw, line...)
				c.raw = append(c.raw, '\n')
			}
			data = rest
		}
	}
}

// pickWord returns an identifier of 4 to 30 bytes from a random line of
// data, or a hot word when the lines tried hold none.
func pickWord(r *rng, data []byte) string {
	at := r.intn(len(data))
	for tries := 0; tries < 20 && at < len(data); tries++ {
		end := bytes.IndexByte(data[at:], '\n')
		if end < 0 {
			end = len(data) - at
		}
		line := data[at : at+end]
		for _, f := range bytes.FieldsFunc(line, notIdent) {
			if len(f) >= 4 && len(f) <= 30 && isLetter(f[0]) {
				return string(f)
			}
		}
		at += end + 1
	}
	return pick(r, hotWords)
}

func isLetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }

func notIdent(c rune) bool {
	return !(c == '_' || c >= '0' && c <= '9' || c < 0x80 && isLetter(byte(c)))
}

// realFind lists the files under a directory, as find or list_files do.
func (w *runWriter) realFind(t tool, limit int) {
	r, c, tr := w.r, &w.real, w.g.tree
	i := r.intn(len(tr.files))
	dir := path.Dir(tr.files[i].path)
	ext := path.Ext(tr.files[i].path)
	if ext == "" || r.chance(40) {
		ext = ""
	}
	switch {
	case t.name == "list_files":
		c.argsObject("path", dir)
		c.args = appendBoolField(c.args, "recursive", true)
	case ext != "":
		c.argsObject("command", "find "+dir+" -name '*"+ext+"'")
	default:
		c.argsObject("command", "find "+dir+" -type f")
	}
	c.argsEnd()
	lo, hi := tr.dirRange(i, dir)
	for k := lo; k < hi && len(c.raw) <= limit; k++ {
		if p := tr.files[k].path; ext == "" || strings.HasSuffix(p, ext) {
			c.printf(p, "\n")
		}
	}
}

// realWrite writes a real file's body under a new name beside it.
func (w *runWriter) realWrite() {
	c := &w.real
	i, data := w.pickFile(nil)
	p := w.g.tree.files[i].path
	if len(data) > realOutputCap {
		data = data[:bytes.LastIndexByte(data[:realOutputCap], '\n')+1]
	}
	c.argsObject("path", p)
	c.args = appendKey(c.args, "content")
	c.args = append(c.args, '"')
	c.args = appendEscaped(c.args, data)
	c.args = append(c.args, '"')
	c.argsEnd()
	c.printf("Wrote ", strconv.Itoa(len(data)), " bytes to ", p)
}

// realEdit replaces a line of a file by the line that follows it.
func (w *runWriter) realEdit() {
	r, c := w.r, &w.real
	i, data := w.pickFile(w.g.tree.goFiles)
	p := w.g.tree.files[i].path
	lines := nonBlankLines(data)
	oldText, newText := "", ""
	if len(lines) > 1 {
		k := r.intn(len(lines) - 1)
		oldText, newText = string(lines[k]), string(lines[k+1])
	}
	c.argsObject("path", p)
	c.args = append(c.args, `,"edits":[{"oldText":`...)
	c.args = appendString(c.args, oldText)
	c.args = appendStringField(c.args, "newText", newText)
	c.args = append(c.args, `}]`...)
	c.argsEnd()
	c.printf("Applied 1 edit to ", p, " (+1 -1)")
}

func nonBlankLines(data []byte) [][]byte {
	var out [][]byte
	for _, l := range bytes.Split(data, []byte{'\n'}) {
		if len(bytes.TrimSpace(l)) > 0 {
			out = append(out, l)
		}
	}
	return out
}

// realSearch prints search results whose snippets are prose of the tree.
func (w *runWriter) realSearch() {
	r, c, tr := w.r, &w.real, w.g.tree
	c.argsObject("query", firstWords(pick(r, w.g.prose), r.between(3, 7)))
	c.args = appendIntField(c.args, "maxResults", 5)
	c.argsEnd()
	for n := 1; n <= 5; n++ {
		para := pick(r, w.g.prose)
		c.printf(strconv.Itoa(n), ". ", firstWords(para, 8), "\n   https://example.com/",
			tr.files[r.intn(len(tr.files))].path, "\n   ", para, "\n\n")
	}
}

// realIssue prints a tracker issue whose text is prose of the tree.
func (w *runWriter) realIssue() {
	r, c := w.r, &w.real
	id := "ENG-" + strconv.Itoa(r.between(100, 4999))
	c.argsObject("issueId", id)
	c.argsEnd()
	c.printf(id, ": ", firstWords(pick(r, w.g.prose), 9), "\nState: ", pick(r, issueStates), "\n\n")
	for n := r.between(1, 3); n > 0; n-- {
		c.printf(pick(r, w.g.prose), "\n\n")
	}
}

var issueStates = []string{"Todo", "In Progress", "In Review", "Done"}

// realTodos writes a todo list of prose.
func (w *runWriter) realTodos() {
	r, c := w.r, &w.real
	c.args = append(c.args, `{"todos":[`...)
	n := r.between(2, 5)
	for k := range n {
		if k > 0 {
			c.args = append(c.args, ',')
		}
		c.args = append(c.args, `{"content":`...)
		c.args = appendString(c.args, firstWords(pick(r, w.g.prose), r.between(4, 12)))
		c.args = appendStringField(c.args, "status", pick(r, todoStates))
		c.args = append(c.args, '}')
	}
	c.args = append(c.args, ']')
	c.argsEnd()
	c.printf("Updated ", strconv.Itoa(n), " todos")
}

var todoStates = []string{"pending", "in_progress", "completed"}

func firstWords(s string, n int) string {
	f := strings.Fields(s)
	return strings.Join(f[:min(n, len(f))], " ")
}

// realFailure builds a failed call: a failing test or a panic for a
// shell, a missing file or an unreachable host for the others.
func (w *runWriter) realFailure(t tool) {
	r, c, tr := w.r, &w.real, w.g.tree
	p := tr.files[r.intn(len(tr.files))].path
	missing := path.Join(path.Dir(p), "old_"+path.Base(p))
	switch {
	case t.name == "bash" && t.out == outTestLog:
		w.realTest(true)
	case t.name == "bash" && t.out == outStackTrace:
		w.realPanic()
	case t.name == "bash":
		c.argsObject("command", "cat "+missing)
		c.argsEnd()
		c.printf("cat: ", missing, ": No such file or directory\nexit status 1")
	case t.sideEffect == "read" || t.sideEffect == "write":
		c.argsObject("path", missing)
		c.argsEnd()
		c.printf("open ", missing, ": no such file or directory")
	case t.sideEffect == "network":
		c.argsObject("url", "https://example.com/"+p)
		c.argsEnd()
		c.printf(`Get "https://example.com/`, p, `": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`)
	default:
		c.argsObject("issueId", "ENG-"+strconv.Itoa(r.between(100, 4999)))
		c.argsEnd()
		c.printf(`mcp: server "linear" returned 404 Not Found`)
	}
}
