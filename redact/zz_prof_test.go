package redact

import (
	"strings"
	"testing"
)

func TestZZProf(t *testing.T) {
	x := defaults(t).NewRedactor()
	text := []byte(strings.Repeat("tokentoken=", 512<<10/11))
	x.RedactText(text)
}
