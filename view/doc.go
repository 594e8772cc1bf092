// Package view is zsj's terminal browser of runs: a list of every run
// found in files and folders, indexed in the background, and a page per
// run drawn by package pretty, with folding, jumps to errors and blocks,
// search and the raw JSON of each event.
//
// Memory holds byte offsets, not content: the index keeps, per run, its
// summary (from package usage) and the byte range of its lines, and a run
// page reads only that range. Compressed inputs are decompressed once
// into a temporary cache, up to a size limit, so that a page can seek.
package view
