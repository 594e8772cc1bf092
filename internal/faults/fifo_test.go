//go:build unix

package faults

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// A FIFO or a /dev/fd pipe given to -i is refused before anything is read
// from it: the data in the pipe is all still there afterwards. Read
// without -i, a FIFO is read like a file.
func TestFIFOInput(t *testing.T) {
	dir := t.TempDir()
	data := gen(t, filepath.Join(t.TempDir(), "v1.jsonl"), "--runs", "2", "--schema-version", "1")
	if len(data) > 60<<10 {
		data = data[:bytes.LastIndexByte(data[:60<<10], '\n')+1] // fits a pipe's buffer
	}
	var tries, lost int

	// A pipe passed as /dev/fd/3, as <(cat v1.jsonl) does.
	for _, cmd := range []string{"upgrade", "redact"} {
		tries++
		r, w, err := os.Pipe()
		if err != nil {
			t.Fatal(err)
		}
		w.Write(data)
		w.Close()
		_, errOut, code := runWithFiles(t, dir, []*os.File{r}, cmd, "-i", "/dev/fd/3")
		if code != 3 || !strings.Contains(errOut, "zsj: error: /dev/fd/3: not a regular file, cannot be rewritten in place (a pipe)") {
			t.Errorf("%s -i /dev/fd/3: exit %d, stderr %q", cmd, code, errOut)
		}
		left, _ := io.ReadAll(r)
		r.Close()
		if !bytes.Equal(left, data) {
			t.Errorf("%s -i /dev/fd/3 consumed %d of the pipe's %d bytes", cmd, len(data)-len(left), len(data))
			lost++
		}
	}

	// A named FIFO: refused without being opened (which would wait for
	// a writer), so the command ends by itself.
	fifo := filepath.Join(dir, "live.jsonl")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	tries++
	_, errOut, code := run(t, dir, nil, "upgrade", "-i", "live.jsonl")
	if code != 3 || !strings.Contains(errOut, "live.jsonl: not a regular file") {
		t.Errorf("upgrade -i FIFO: exit %d, stderr %q", code, errOut)
	}

	// Without -i a FIFO is an input like any other.
	tries++
	go func() {
		w, err := os.OpenFile(fifo, os.O_WRONLY, 0)
		if err != nil {
			return
		}
		w.Write(data)
		w.Close()
	}()
	out, errOut, code := run(t, dir, nil, "upgrade", "live.jsonl")
	if code != 0 || out != string(upgraded(t, data)) {
		t.Errorf("upgrade FIFO: exit %d, %d bytes out, stderr %q", code, len(out), errOut)
		lost++
	}
	record(t, result{
		Fault:     "a FIFO or /dev/fd pipe as input (`-i`, and without)",
		Tries:     tries,
		Outcome:   "`-i` refused before reading (exit 3, the pipe's data all there); read as a stream without `-i`",
		DataLost:  lost,
		Leftovers: leftovers(t, dir, "live.jsonl"),
	})
}

// runWithFiles is run with extra open files, as /dev/fd/3 and up.
func runWithFiles(t *testing.T, dir string, files []*os.File, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	cmd := exec.Command(zsj, args...)
	cmd.Dir = dir
	cmd.ExtraFiles = files
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	cmd.Wait()
	return out.String(), errOut.String(), cmd.ProcessState.ExitCode()
}
