package gen

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// tree is the content of a realistic log: an index of the files under a
// directory, read again each time a tool shows one. Only paths and sizes
// stay in memory, so memory stays flat whatever the size of the tree.
type tree struct {
	root      string // absolute, as run_start's cwd shows it
	files     []treeFile
	goFiles   []int32 // indexes of *.go files
	testFiles []int32 // indexes of *_test.go files
	docFiles  []int32 // indexes of prose files: *.md, *.txt, README...

	hasSecret func(line []byte) bool
	buf       []byte // the last file read; the next read reuses it
	probe     []byte
}

type treeFile struct {
	path  string // relative to root, with forward slashes
	size  int32
	state fileState
}

// fileState is what is known of a file's content. It is learned on the
// first read and kept, so a file is checked once however often it is shown.
type fileState uint8

const (
	fileUnread fileState = iota
	fileGood
	fileBad // binary, not UTF-8, changed since indexed, or holds a secret
)

const (
	maxFileBytes  = 256 << 10 // larger files are not indexed
	maxTreeFiles  = 100_000   // the walk stops here, so a huge tree costs no more
	realOutputCap = 64 << 10  // what a tool shows of a file before it truncates
)

// openTree indexes the regular files of 1 byte to maxFileBytes under dir,
// in the sorted order of filepath.WalkDir. Names starting with a dot
// (.git, .cache) and symbolic links are skipped.
func openTree(dir string, hasSecret func([]byte) bool) (*tree, error) {
	root, err := filepath.Abs(dir)
	if err != nil {
		return nil, err
	}
	if info, err := os.Stat(root); err != nil {
		return nil, err
	} else if !info.IsDir() {
		return nil, fmt.Errorf("content %s is not a directory", dir)
	}
	t := &tree{root: strings.ToValidUTF8(filepath.ToSlash(root), "\uFFFD"), hasSecret: hasSecret}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			if p == root {
				return err
			}
			return nil // an unreadable entry is left out
		}
		if p == root {
			return nil
		}
		if strings.HasPrefix(d.Name(), ".") {
			if d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		rel, err := filepath.Rel(root, p)
		if err != nil || !utf8.ValidString(rel) {
			return nil
		}
		info, err := d.Info()
		if err != nil || info.Size() == 0 || info.Size() > maxFileBytes {
			return nil
		}
		t.add(filepath.ToSlash(rel), int32(info.Size()))
		if len(t.files) == maxTreeFiles {
			return fs.SkipAll
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(t.files) == 0 {
		return nil, fmt.Errorf("content %s holds no file of 1 byte to %d KiB", dir, maxFileBytes>>10)
	}
	return t, nil
}

func (t *tree) add(rel string, size int32) {
	i := int32(len(t.files))
	t.files = append(t.files, treeFile{path: rel, size: size})
	base := path.Base(rel)
	switch ext := path.Ext(base); {
	case ext == ".go":
		t.goFiles = append(t.goFiles, i)
		if strings.HasSuffix(base, "_test.go") {
			t.testFiles = append(t.testFiles, i)
		}
	case ext == ".md" || ext == ".txt" || ext == ".rst" || strings.HasPrefix(base, "README"):
		t.docFiles = append(t.docFiles, i)
	}
}

// read returns the content of file i and whether it may be shown. The
// bytes are valid until the next read.
func (t *tree) read(i int) ([]byte, bool) {
	f := &t.files[i]
	if f.state == fileBad {
		return nil, false
	}
	data, err := t.load(f)
	if f.state == fileUnread {
		f.state = fileBad
		if err == nil && t.isText(data) && !t.holdsSecret(data) {
			f.state = fileGood
		}
	}
	if err != nil { // removed or grown since it was checked
		f.state = fileBad
	}
	return data, f.state == fileGood
}

var errChanged = errors.New("file changed since the tree was indexed")

func (t *tree) load(f *treeFile) ([]byte, error) {
	file, err := os.Open(filepath.Join(t.root, filepath.FromSlash(f.path)))
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if cap(t.buf) < maxFileBytes+1 {
		t.buf = make([]byte, maxFileBytes+1)
	}
	n, err := io.ReadFull(file, t.buf[:f.size+1])
	if err != io.ErrUnexpectedEOF || n != int(f.size) {
		return nil, errChanged
	}
	return t.buf[:n], nil
}

// isText accepts what a terminal would show: valid UTF-8 without NUL.
func (t *tree) isText(data []byte) bool {
	return utf8.Valid(data) && bytes.IndexByte(data, 0) < 0
}

// holdsSecret asks HasSecret about data shown as a tool output.
func (t *tree) holdsSecret(data []byte) bool {
	if t.hasSecret == nil {
		return false
	}
	p := append(t.probe[:0], `{"schemaVersion":2,"type":"tool_result","runId":"run_probe","id":"call_1","status":"ok","output":"`...)
	p = appendEscaped(p, data)
	p = append(p, `","truncated":false}`...)
	t.probe = p
	return t.hasSecret(p)
}

// maxMisses is how many random draws pick tries before it walks the list:
// enough for trees of mostly text, and a bound on trees of mostly binary.
const maxMisses = 32

// pick draws a good file from list (nil: every file) and returns its
// index and content; ok is false when list holds no good file.
func (t *tree) pick(r *rng, list []int32) (i int, data []byte, ok bool) {
	n := len(list)
	if list == nil {
		n = len(t.files)
	}
	at := func(k int) int {
		if list == nil {
			return k
		}
		return int(list[k])
	}
	if n == 0 {
		return 0, nil, false
	}
	for range maxMisses {
		i = at(r.intn(n))
		if data, ok = t.read(i); ok {
			return i, data, true
		}
	}
	start := r.intn(n)
	for k := range n {
		i = at((start + k) % n)
		if data, ok = t.read(i); ok {
			return i, data, true
		}
	}
	return 0, nil, false
}

// maxDirScan bounds the entries a directory-wide tool (grep -r, find)
// looks at, so one on the tree's root costs no more than one on a package.
const maxDirScan = 2000

// dirRange returns the entries under dir ("." is the root) around entry
// i, which is under it: the walk is depth first in sorted order, so they
// are one run of the index.
func (t *tree) dirRange(i int, dir string) (lo, hi int) {
	under := func(k int) bool { return dir == "." || strings.HasPrefix(t.files[k].path, dir+"/") }
	lo, hi = i, i+1
	for lo > 0 && i-lo < maxDirScan && under(lo-1) {
		lo--
	}
	for hi < len(t.files) && hi-lo < maxDirScan && under(hi) {
		hi++
	}
	return lo, hi
}
