package gen

import (
	"bytes"
	"path"
	"strconv"
	"strings"
)

// Go test runs and panics over the content tree: test names, files, lines
// and functions are the tree's own, as go test and go run print them.

// goTest is a test function of a _test.go file.
type goTest struct {
	name, file string // file is the base name, as go test prints it
	failLine   int    // a t.Error or t.Fatal line of the test, or its func line
	failMsg    string // that call's format string
}

const maxTests = 60 // tests shown by one go test run

// realTest runs go test on the package of a test file of the tree.
func (w *runWriter) realTest(failed bool) {
	r, c, tr := w.r, &w.real, w.g.tree
	i, _, ok := tr.pick(r, tr.testFiles)
	if !ok { // no Go tests in this tree
		dir := path.Dir(tr.files[r.intn(len(tr.files))].path)
		c.argsObject("command", "go test ./"+dir+"/")
		c.argsEnd()
		c.printf("?   \t", importPath(dir), "\t[no test files]\n")
		return
	}
	dir := path.Dir(tr.files[i].path)
	pkg := importPath(dir)
	verbose := r.chance(50)
	cmd := "go test ./" + dir + "/"
	if verbose {
		cmd = "go test -v ./" + dir + "/"
	}
	c.argsObject("command", cmd)
	c.argsEnd()
	tests := w.collectTests(i, dir)
	failAt := -1
	if failed && len(tests) > 0 {
		failAt = r.intn(len(tests))
	}
	for k, t := range tests {
		if verbose {
			c.printf("=== RUN   ", t.name, "\n")
		}
		took := seconds(r.between(0, 40), 2)
		switch {
		case k == failAt && verbose:
			c.printf("    ", t.file, ":", strconv.Itoa(t.failLine), ": ", t.failMsg, "\n--- FAIL: ", t.name, " (", took, ")\n")
		case k == failAt:
			c.printf("--- FAIL: ", t.name, " (", took, ")\n    ", t.file, ":", strconv.Itoa(t.failLine), ": ", t.failMsg, "\n")
		case verbose:
			c.printf("--- PASS: ", t.name, " (", took, ")\n")
		}
	}
	total := seconds(r.between(5, 3000), 3)
	switch {
	case failAt >= 0:
		c.printf("FAIL\nFAIL\t", pkg, "\t", total, "\nFAIL\n")
	case failed: // a file without tests: the package does not build
		c.printf("# ", pkg, " [", pkg, ".test]\n./", path.Base(tr.files[i].path), ":1:1: expected 'package', found 'EOF'\nFAIL\t", pkg, " [build failed]\nFAIL\n")
	default:
		if verbose {
			c.printf("PASS\n")
		}
		c.printf("ok  \t", pkg, "\t", total, "\n")
	}
}

// seconds prints milliseconds as go test prints durations: with 2
// decimals for a test (0.01s), 3 for a package (0.012s).
func seconds(ms, decimals int) string {
	s := strconv.Itoa(1000 + ms%1000)
	return strconv.Itoa(ms/1000) + "." + s[1:1+decimals] + "s"
}

// importPath is the package path go test prints for a directory of the
// tree: GOROOT's src/net/http is net/http.
func importPath(dir string) string {
	if dir == "." {
		return "main"
	}
	return strings.TrimPrefix(dir, "src/")
}

// collectTests reads the test files of dir from entry i on (at most 3).
func (w *runWriter) collectTests(i int, dir string) []goTest {
	tr := w.g.tree
	var tests []goTest
	_, hi := tr.dirRange(i, dir)
	for k, files := i, 0; k < hi && files < 3 && len(tests) < maxTests; k++ {
		p := tr.files[k].path
		if path.Dir(p) != dir || !strings.HasSuffix(p, "_test.go") {
			continue
		}
		if data, ok := tr.read(k); ok {
			tests = appendTests(tests, data, path.Base(p))
			files++
		}
	}
	return tests[:min(len(tests), maxTests)]
}

// appendTests appends the Test functions of a _test.go file's data.
func appendTests(tests []goTest, data []byte, file string) []goTest {
	inTest := false
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		s := string(line)
		if name, ok := testName(s); ok {
			tests = append(tests, goTest{name: name, file: file, failLine: n + 1, failMsg: "test failed"})
			inTest = true
			continue
		}
		if strings.HasPrefix(s, "}") {
			inTest = false
		}
		if inTest && (strings.Contains(s, "t.Error") || strings.Contains(s, "t.Fatal")) {
			t := &tests[len(tests)-1]
			t.failLine, t.failMsg = n+1, formatString(s)
			inTest = false // the first such line is the one that fails
		}
	}
	return tests
}

func testName(line string) (string, bool) {
	rest, ok := strings.CutPrefix(line, "func Test")
	if !ok || !strings.Contains(rest, "*testing.T)") {
		return "", false
	}
	end := strings.IndexByte(rest, '(')
	if end < 0 {
		return "", false
	}
	return "Test" + rest[:end], true
}

// formatString returns the first string literal of a line of Go, as the
// message its t.Errorf prints; the trimmed line when it has none.
func formatString(line string) string {
	start := strings.IndexByte(line, '"')
	if start >= 0 {
		for k := start + 1; k < len(line); k++ {
			switch line[k] {
			case '\\':
				k++
			case '"':
				return line[start+1 : k]
			}
		}
	}
	return strings.TrimSpace(line)
}

var panicMessages = []string{
	"runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation code=0x1 addr=0x0 pc=0x4a2f1c]",
	"runtime error: index out of range [3] with length 3",
	"runtime error: slice bounds out of range [:12] with capacity 8",
	"assignment to entry in nil map",
	"interface conversion: interface {} is nil, not string",
	"unreachable",
}

// realPanic runs a package of the tree that panics in its own functions.
func (w *runWriter) realPanic() {
	r, c, tr := w.r, &w.real, w.g.tree
	i, data, ok := tr.pick(r, tr.goFiles)
	if !ok { // no Go in this tree: a script that is not executable
		p := tr.files[r.intn(len(tr.files))].path
		c.argsObject("command", "./"+p)
		c.argsEnd()
		c.printf("bash: ./", p, ": Permission denied\nexit status 126")
		return
	}
	p := tr.files[i].path
	dir := path.Dir(p)
	c.argsObject("command", "go run ./"+dir)
	c.argsEnd()
	funcs := appendFuncs(nil, data)
	c.printf("panic: ", pick(r, panicMessages), "\n\ngoroutine ", strconv.Itoa(r.between(1, 40)), " [running]:\n")
	if len(funcs) > 0 {
		start := r.intn(len(funcs))
		for k := min(start+r.between(1, 5), len(funcs)) - 1; k >= start; k-- {
			f := funcs[k]
			c.printf(importPath(dir), ".", f.name, "(...)\n\t", tr.root, "/", p, ":",
				strconv.Itoa(f.line+r.between(1, 12)), " +0x", strconv.FormatInt(int64(r.between(0x10, 0x4ff)), 16), "\n")
		}
	}
	c.printf("main.main()\n\t", tr.root, "/", dir, "/main.go:", strconv.Itoa(r.between(12, 90)), " +0x1d\nexit status 2\n")
}

type goFunc struct {
	name string // as a stack trace prints it: F, T.M, (*T).M
	line int
}

// appendFuncs appends the functions and methods declared in Go data.
func appendFuncs(funcs []goFunc, data []byte) []goFunc {
	for n, line := range bytes.Split(data, []byte{'\n'}) {
		rest, ok := bytes.CutPrefix(line, []byte("func "))
		if !ok || len(rest) == 0 {
			continue
		}
		recv := ""
		if rest[0] == '(' { // a method: (r *T) or (T) or (r *T[K])
			end := bytes.IndexByte(rest, ')')
			if end < 0 {
				continue
			}
			decl, params, generic := strings.Cut(string(rest[1:end]), "[")
			fields := strings.Fields(decl)
			if len(fields) == 0 {
				continue
			}
			typ := fields[len(fields)-1]
			if generic && params != "" {
				typ += "[...]"
			}
			if strings.HasPrefix(typ, "*") {
				recv = "(" + typ + ")."
			} else {
				recv = typ + "."
			}
			rest = bytes.TrimLeft(rest[end+1:], " ")
		}
		end := bytes.IndexAny(rest, "([")
		if end <= 0 {
			continue
		}
		funcs = append(funcs, goFunc{recv + string(rest[:end]), n + 1})
	}
	return funcs
}
