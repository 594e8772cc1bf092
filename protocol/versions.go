package protocol

// SchemaVersions lists the schema versions zsj reads, checks and writes:
// 1 (sandbox metadata under violation) and 2 (under block).
var SchemaVersions = []int{1, 2}
