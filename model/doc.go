// Package model is the pure part of infoscope's inspector: surface
// descriptions, execution-mask lanes, the simulation of what an INFO
// instruction (RESINFO or SAMPLEINFO) writes to its destination, and the
// JSON surface file that the inspector and `dump --surfaces` share.
//
// The package does no I/O and keeps no global state. Every function is a
// deterministic function of its arguments, so the terminal UI and the
// headless dump command show the same numbers.
//
// The simulation follows the user's INFO spec (its result table is the
// contract) and sections 6 and 7 of the vISA format reference: lanes are
// enabled from the exec size, the mask control and a 32-bit dispatch mask;
// only enabled lanes are written; channels switched off by the channel mask
// are not returned and take no space in the destination, which is planar
// and channel-major.
package model
