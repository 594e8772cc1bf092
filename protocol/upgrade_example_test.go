package protocol_test

import (
	"fmt"

	"github.com/zsj-dev/zsj/protocol"
)

func ExampleUpgradeLine() {
	line := []byte(`{"schemaVersion":1, "type":"tool_result", "violation":{"code":"net"}, "cost":1.0}`)
	out, res := protocol.UpgradeLine(line, 2, nil)
	fmt.Println(res.Status)
	fmt.Printf("%s\n", out)

	_, res = protocol.UpgradeLine(out, 2, nil)
	fmt.Println(res.Status)
	// Output:
	// changed
	// {"schemaVersion":2, "type":"tool_result", "block":{"code":"net"}, "cost":1.0}
	// unchanged
}
