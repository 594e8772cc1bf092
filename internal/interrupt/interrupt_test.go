//go:build unix

package interrupt

import (
	"errors"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestReaderStopsOnInterrupt(t *testing.T) {
	defer Reset()
	exited := make(chan int, 1)
	stop := Watch(func(code int) { exited <- code })
	defer stop()
	r := Reader(strings.NewReader("abcdef"))
	buf := make([]byte, 3)
	if n, err := r.Read(buf); n != 3 || err != nil {
		t.Fatalf("before: Read = %d, %v", n, err)
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for !Requested() && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if n, err := r.Read(buf); n != 0 || !errors.Is(err, ErrInterrupted) {
		t.Fatalf("after SIGINT: Read = %d, %v; want ErrInterrupted", n, err)
	}
	// A second SIGINT does not wait for the grace period.
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-exited:
		if code != 130 {
			t.Errorf("exit code %d, want 130", code)
		}
	case <-time.After(Grace / 2):
		t.Error("a second SIGINT did not end the process at once")
	}
}
