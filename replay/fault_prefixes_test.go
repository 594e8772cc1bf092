package replay

import (
	"strings"
	"testing"
)

// Every prefix completion offers is a fault ParseFault knows: whole when
// it takes no value, asking for one after its "=".
func TestFaultPrefixes(t *testing.T) {
	prefixes := FaultPrefixes()
	if len(prefixes) != len(faultNames)-1 {
		t.Fatalf("%d prefixes for %d faults", len(prefixes), len(faultNames)-1)
	}
	for _, p := range prefixes {
		_, err := ParseFault(p)
		name, wantsValue := strings.CutSuffix(p, "=")
		switch {
		case !wantsValue && err != nil:
			t.Errorf("ParseFault(%q): %v", p, err)
		case wantsValue && (err == nil || !strings.Contains(err.Error(), "needs a value")):
			t.Errorf("ParseFault(%q) = %v, want it to ask for a value", p, err)
		}
		if _, err := ParseFault(name + "=x"); wantsValue == (err != nil && strings.Contains(err.Error(), "takes no value")) {
			t.Errorf("ParseFault(%q=x): %v", name, err)
		}
	}
}
