package term

import (
	"strings"
	"testing"
	"time"
)

func TestProgress(t *testing.T) {
	var out strings.Builder
	clock := time.Unix(0, 0)
	p := NewProgress(&out, "checking", "files", 4)
	p.now = func() time.Time { return clock }

	p.Add(1) // the first step is drawn at once
	if want := "\rchecking  25% [======>                       ] (1/4 files)"; out.String() != want {
		t.Fatalf("first draw %q, want %q", out.String(), want)
	}
	out.Reset()
	clock = clock.Add(redrawEvery / 2)
	p.Add(1) // too soon to redraw
	if out.Len() != 0 {
		t.Fatalf("redrawn within %v: %q", redrawEvery, out.String())
	}
	clock = clock.Add(redrawEvery)
	p.Add(5) // due; counts stop at the total
	if !strings.Contains(out.String(), "100% [==============================] (4/4 files)") {
		t.Fatalf("full bar: %q", out.String())
	}
	out.Reset()
	p.Clear()
	p.Clear() // nothing left to clear
	if out.String() != "\r"+strings.Repeat(" ", len("checking 100% [==============================] (4/4 files)"))+"\r" {
		t.Fatalf("clear wrote %q", out.String())
	}
	out.Reset()
	p.Add(0) // after a clear the bar comes back at once
	if !strings.Contains(out.String(), "(4/4 files)") {
		t.Fatalf("not redrawn after clear: %q", out.String())
	}
}
