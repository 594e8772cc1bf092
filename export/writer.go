package export

import (
	"errors"
	"sync"
	"sync/atomic"
)

// writer runs the Parquet writes of every table, in the order they are
// asked for, on one goroutine: encoding and compressing a batch of rows
// overlaps reading the next lines.
type writer struct {
	jobs   chan func() error
	done   chan struct{}
	err    error // the first job's error; read after done
	failed atomic.Bool
	closed sync.Once
}

// queuedJobs is how many jobs may wait: each holds a batch of at most
// batchBytes of rows.
const queuedJobs = 4

// errWriting stops the walk once a write failed; wait returns the cause.
var errWriting = errors.New("a write failed")

func newWriter() *writer {
	w := &writer{jobs: make(chan func() error, queuedJobs), done: make(chan struct{})}
	go w.run()
	return w
}

func (w *writer) run() {
	defer close(w.done)
	for job := range w.jobs {
		if w.err != nil {
			continue // drain: the export has failed
		}
		if err := job(); err != nil {
			w.err = err
			w.failed.Store(true)
		}
	}
}

// do queues job.
func (w *writer) do(job func() error) error {
	if w.failed.Load() {
		return errWriting
	}
	w.jobs <- job
	return nil
}

// wait runs the jobs queued and returns the first error; no job may be
// queued after it. It may be called again.
func (w *writer) wait() error {
	w.closed.Do(func() { close(w.jobs) })
	<-w.done
	return w.err
}
