package export

import (
	"encoding/json"
	"strconv"

	"google.golang.org/protobuf/encoding/protowire"
)

// An ExportTraceServiceResponse holds one field, partial_success (1): an
// ExportTracePartialSuccess of rejected_spans (1, int64) and
// error_message (2, string). It is read here by hand, as the request is
// made without pdata's grpc-based otlp package.

// partialProto reads the partial success of a protobuf response; 0 when
// there is none or the bytes are not such a response.
func partialProto(b []byte) (rejected int64, reason string) {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return 0, ""
		}
		b = b[n:]
		if num == 1 && typ == protowire.BytesType {
			inner, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return 0, ""
			}
			rejected, reason = partialSuccess(inner, rejected, reason) // a repeated message merges
			b = b[n:]
			continue
		}
		n = protowire.ConsumeFieldValue(num, typ, b)
		if n < 0 {
			return 0, ""
		}
		b = b[n:]
	}
	return rejected, reason
}

// partialSuccess reads an ExportTracePartialSuccess over the values of an
// earlier one.
func partialSuccess(b []byte, rejected int64, reason string) (int64, string) {
	for len(b) > 0 {
		num, typ, n := protowire.ConsumeTag(b)
		if n < 0 {
			return 0, ""
		}
		b = b[n:]
		switch {
		case num == 1 && typ == protowire.VarintType:
			v, n := protowire.ConsumeVarint(b)
			if n < 0 {
				return 0, ""
			}
			rejected, b = int64(v), b[n:]
		case num == 2 && typ == protowire.BytesType:
			v, n := protowire.ConsumeBytes(b)
			if n < 0 {
				return 0, ""
			}
			reason, b = string(v), b[n:]
		default:
			n := protowire.ConsumeFieldValue(num, typ, b)
			if n < 0 {
				return 0, ""
			}
			b = b[n:]
		}
	}
	return rejected, reason
}

// partialJSON reads the partial success of an OTLP JSON response, whose
// int64 may be a string (protobuf's JSON mapping) or a number. Keys match
// exactly, as protobuf's JSON readers match them (encoding/json's structs
// would take any case).
func partialJSON(b []byte) (rejected int64, reason string) {
	var resp, ps map[string]json.RawMessage
	if json.Unmarshal(b, &resp) != nil || json.Unmarshal(resp["partialSuccess"], &ps) != nil {
		return 0, ""
	}
	json.Unmarshal(ps["errorMessage"], &reason)
	raw := string(ps["rejectedSpans"])
	if u, err := strconv.Unquote(raw); err == nil {
		raw = u
	}
	rejected, _ = strconv.ParseInt(raw, 10, 64)
	return rejected, reason
}
