//go:build unix

package input

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// A plain log file is read straight: one read brings all of it that fits,
// not the few KB that telling its compression took (a 100 KB log was two
// chunks of work). A named pipe, which cannot be read at an offset, goes
// through the peek buffer, and loses nothing.
func TestOpenReadsPlainFilesStraight(t *testing.T) {
	dir := t.TempDir()
	text := []byte(strings.Repeat(`{"type":"text_delta","delta":"a line of text"}`+"\n", 3000)) // 141 KB
	src := writeFile(t, dir, "run.jsonl", text)
	s, err := Open(src, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	buf := make([]byte, 1<<20)
	if n, err := s.Read(buf); n != len(text) || err != nil || !bytes.Equal(buf[:n], text) {
		t.Fatalf("the first read brought %d of %d bytes (%v)", n, len(text), err)
	}

	fifo := filepath.Join(dir, "live.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return // the reader fails the test
		}
		w.Write(text)
		w.Close()
	}()
	s, err = Open(Source{Name: fifo, Path: fifo}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := io.ReadAll(s)
	if err != nil || !bytes.Equal(got, text) {
		t.Fatalf("through a named pipe: %d of %d bytes (%v)", len(got), len(text), err)
	}
}

// openFile is os.Open without the poller: the descriptor stays as the
// system made it (a pipe blocking, where os.Open sets it non-blocking for
// the poller), and a failure reads as os.Open's.
func TestOpenFileSkipsThePoller(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "live.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	go func() {
		if w, err := os.OpenFile(fifo, os.O_WRONLY, 0); err == nil {
			w.Close()
		}
	}()
	f, err := openFile(fifo)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// Through SyscallConn: Fd would set the descriptor blocking.
	conn, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var flags uintptr
	var errno syscall.Errno
	conn.Control(func(fd uintptr) { flags, _, errno = syscall.Syscall(syscall.SYS_FCNTL, fd, syscall.F_GETFL, 0) })
	if errno != 0 || flags&syscall.O_NONBLOCK != 0 {
		t.Fatalf("flags %#x (%v): the pipe was made non-blocking", flags, errno)
	}
	for _, path := range []string{filepath.Join(dir, "missing.jsonl"), filepath.Join(dir, "missing", "run.jsonl")} {
		_, want := os.Open(path)
		if _, err := openFile(path); err == nil || err.Error() != want.Error() {
			t.Errorf("openFile: %v, os.Open: %v", err, want)
		}
	}
}
