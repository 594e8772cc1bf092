package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/input"
	"github.com/zsj-dev/zsj/pretty"
)

// prettyHTML writes one page per input: to standard output or -o FILE for
// one input, to -o DIR/NAME.html for several. Files are replaced
// atomically, so a failed run leaves an older page whole.
func prettyHTML(a *app, sources []input.Source, opts prettyOptions, tot *prettyTotals) error {
	several := len(sources) > 1
	if several && (opts.output == "" || opts.output == "-") {
		return usageError(errors.New("--format html writes one page per input: give -o DIR for several inputs"))
	}
	if several {
		if err := os.MkdirAll(opts.output, 0o755); err != nil {
			return err
		}
	}
	names := pageNames(sources)
	i := 0
	return input.Each(sources, a.io.In,
		func(src input.Source, err error) {
			i++
			reportReadError(a, err)
			tot.unreadable++
		},
		func(s *input.Stream) error {
			name := names[i]
			i++
			render := func(w io.Writer) error {
				p, err := pretty.NewHTML(w, s.Name, opts.render)
				if err != nil {
					return err
				}
				err = p.ReadAll(s.Lines())
				tot.invalid += p.Invalid()
				return readErrorGoesOn(a, s.Name, err, tot)
			}
			switch {
			case several:
				return atomicfile.Write(filepath.Join(opts.output, name), atomicfile.Options{}, render)
			case opts.output != "" && opts.output != "-":
				return atomicfile.Write(opts.output, atomicfile.Options{}, render)
			}
			return render(a.io.Out)
		})
}

// pageNames names the page of each input in an output directory: the
// file's name without its log and compression extensions, plus .html;
// standard input is stdin.html. A name already taken gets -2, -3, ...
func pageNames(sources []input.Source) []string {
	taken := map[string]bool{}
	names := make([]string, len(sources))
	for i, src := range sources {
		base := "stdin"
		if !src.IsStdin() {
			base = filepath.Base(src.Path)
			for _, ext := range []string{".gz", ".zst", ".jsonl", ".ndjson"} {
				base = strings.TrimSuffix(base, ext)
			}
		}
		name := base + ".html"
		for n := 2; taken[name]; n++ {
			name = base + "-" + strconv.Itoa(n) + ".html"
		}
		taken[name] = true
		names[i] = name
	}
	return names
}
