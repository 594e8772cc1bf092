package pretty

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/zsj-dev/zsj/internal/atomicfile"
	"github.com/zsj-dev/zsj/internal/exitcode"
	"github.com/zsj-dev/zsj/internal/input"
)

// pages writes one page per input: to standard output or Output FILE for
// one input, to Output DIR/NAME.html for several. Files are replaced
// atomically, so a failed run leaves an older page whole.
func (d *drawing) pages() error {
	several := len(d.Sources) > 1
	if several && (d.Output == "" || d.Output == "-") {
		return exitcode.New(exitcode.Usage, errors.New("--format html writes one page per input: give -o DIR for several inputs"))
	}
	if several {
		if err := os.MkdirAll(d.Output, 0o755); err != nil {
			return err
		}
	}
	names := pageNames(d.Sources)
	i := 0
	return input.Each(d.Sources, d.IO.In,
		func(src input.Source, err error) {
			i++
			d.readError(err)
		},
		func(s *input.Stream) error {
			name := names[i]
			i++
			render := func(w io.Writer) error {
				p, err := NewHTML(w, s.Name, d.Render)
				if err != nil {
					return err
				}
				err = p.ReadAll(s.Lines())
				d.invalid += p.Invalid()
				return d.readErrorGoesOn(s.Name, err)
			}
			switch {
			case several:
				return atomicfile.Write(filepath.Join(d.Output, name), atomicfile.Options{}, render)
			case d.Output != "" && d.Output != "-":
				return atomicfile.Write(d.Output, atomicfile.Options{}, render)
			}
			return render(d.IO.Out)
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
