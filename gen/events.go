package gen

import "github.com/zsj-dev/zsj/protocol"

// evType names the output event types. Each run builds the opening bytes of
// every type once ({"schemaVersion":2,"type":"text","runId":"..."), so
// writing an event starts with one copy.
type evType uint8

const (
	evRunStart evType = iota
	evReasoning
	evText
	evToolCall
	evPermissionRequest
	evPermissionDecision
	evToolResult
	evUsage
	evFinal
	evWarning
	evError
	evRunEnd
	numEvTypes
)

var evTypeNames = [numEvTypes]string{
	protocol.TypeRunStart, protocol.TypeReasoning, protocol.TypeText, protocol.TypeToolCall, protocol.TypePermissionRequest,
	protocol.TypePermissionDecision, protocol.TypeToolResult, protocol.TypeUsage, protocol.TypeFinal, protocol.TypeWarning,
	protocol.TypeError, protocol.TypeRunEnd,
}

// EventTypes lists the output event types the generator writes.
func EventTypes() []string { return append([]string(nil), evTypeNames[:]...) }

// eventPrefixes returns, for each type, the start of an event of this run.
func eventPrefixes(version int, runID string) (p [numEvTypes][]byte) {
	var backing []byte
	for t := range numEvTypes {
		start := len(backing)
		backing = appendEventStart(backing, version, evTypeNames[t], runID)
		p[t] = backing[start:len(backing):len(backing)]
	}
	return p
}

func appendEventStart(dst []byte, version int, typ, runID string) []byte {
	dst = append(dst, `{"schemaVersion":`...)
	dst = append(dst, byte('0'+version))
	dst = append(dst, `,"type":`...)
	dst = appendString(dst, typ)
	dst = append(dst, `,"runId":`...)
	return appendString(dst, runID)
}
