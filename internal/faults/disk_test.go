//go:build linux

package faults

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// mountTmpfs mounts a tmpfs of size bytes on a new folder, unmounted at
// the end of the test, or skips the test where mounting is not allowed.
func mountTmpfs(t *testing.T, size int) string {
	t.Helper()
	dir := t.TempDir()
	err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+itoa(size))
	if err != nil {
		t.Skipf("mounting a tmpfs is not allowed here (%v): this case needs root, as in CI", err)
	}
	t.Cleanup(func() {
		if err := syscall.Unmount(dir, syscall.MNT_DETACH); err != nil {
			t.Errorf("unmount %s: %v", dir, err)
		}
	})
	return dir
}

func freeBytes(t *testing.T, dir string) uint64 {
	t.Helper()
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		t.Fatal(err)
	}
	return st.Bfree * uint64(st.Bsize)
}

// A disk that fills during the rewrite: the command fails naming the file
// and the reason, the file keeps its content, and no space stays taken.
func TestFullDisk(t *testing.T) {
	const diskSize = 2 << 20
	disk := mountTmpfs(t, diskSize)
	logs := map[string][]byte{
		"v1.jsonl":      gen(t, filepath.Join(disk, "v1.jsonl"), "--size", "1200KB", "--schema-version", "1", "--seed", "3"),
		"secrets.jsonl": nil,
	}
	// The second log is written where the first leaves room only for it.
	logs["secrets.jsonl"] = gen(t, filepath.Join(t.TempDir(), "s.jsonl"), "--size", "300KB", "--secrets", "--seed", "4")
	writeFile(t, filepath.Join(disk, "secrets.jsonl"), logs["secrets.jsonl"])
	pad := filepath.Join(disk, "pad")
	free := freeBytes(t, disk)
	writeFile(t, pad, make([]byte, free-200<<10)) // 200 KB left: less than either result
	free = freeBytes(t, disk)

	var tries, lost, left int
	for _, args := range [][]string{
		{"upgrade", "-i", "v1.jsonl"},
		{"upgrade", "-i", "--backup", ".bak", "v1.jsonl"},
		{"upgrade", "v1.jsonl", "-o", "out.jsonl"},
		{"redact", "-i", "secrets.jsonl"},
	} {
		tries++
		_, errOut, code := run(t, disk, nil, args...)
		if code != 3 || !strings.Contains(errOut, "no space left on device") {
			t.Errorf("zsj %v: exit %d, stderr %q; want 3 and the reason", args, code, errOut)
		}
		for name, data := range logs {
			if fileSum(t, filepath.Join(disk, name)) != sum(data) {
				t.Errorf("zsj %v changed %s", args, name)
				lost++
			}
		}
		left += leftovers(t, disk, "v1.jsonl", "secrets.jsonl", "pad")
		if now := freeBytes(t, disk); now != free {
			t.Errorf("zsj %v: %d bytes free after, %d before: space still taken", args, now, free)
			left++
		}
	}
	record(t, result{
		Fault:     "disk full during `upgrade -i`, `-i --backup`, `-o`, `redact -i` (tmpfs)",
		Tries:     tries,
		Outcome:   "exit 3 naming the file and the reason; files as they were; no space kept",
		DataLost:  lost,
		Leftovers: left,
	})
}

// A folder zsj may not write to: the command fails naming the file, and
// the file is as it was. Root writes anywhere it is allowed to by mode, so
// for root the folder is a read-only mount.
func TestReadOnlyFolder(t *testing.T) {
	var dir string
	if os.Geteuid() == 0 {
		dir = mountTmpfs(t, 4<<20)
	} else {
		dir = t.TempDir()
	}
	logs := map[string][]byte{
		"v1.jsonl":      gen(t, filepath.Join(dir, "v1.jsonl"), "--size", "500KB", "--schema-version", "1", "--seed", "5"),
		"secrets.jsonl": gen(t, filepath.Join(dir, "secrets.jsonl"), "--size", "300KB", "--secrets", "--seed", "6"),
	}
	if os.Geteuid() == 0 {
		if err := syscall.Mount("", dir, "", syscall.MS_REMOUNT|syscall.MS_RDONLY, ""); err != nil {
			t.Skipf("remounting read-only is not allowed here: %v", err)
		}
	} else {
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755) })
	}
	var tries, lost int
	for _, args := range [][]string{
		{"upgrade", "-i", "v1.jsonl"},
		{"redact", "-i", "--backup", ".bak", "secrets.jsonl"},
	} {
		tries++
		_, errOut, code := run(t, dir, nil, args...)
		if code != 3 || !strings.Contains(errOut, args[len(args)-1]) {
			t.Errorf("zsj %v: exit %d, stderr %q; want 3, the file named", args, code, errOut)
		}
		for name, data := range logs {
			if fileSum(t, filepath.Join(dir, name)) != sum(data) {
				t.Errorf("zsj %v changed %s", args, name)
				lost++
			}
		}
	}
	record(t, result{
		Fault:     "read-only folder (`upgrade -i`, `redact -i --backup`)",
		Tries:     tries,
		Outcome:   "exit 3 naming the file; file as it was",
		DataLost:  lost,
		Leftovers: leftovers(t, dir, "v1.jsonl", "secrets.jsonl"),
	})
}
