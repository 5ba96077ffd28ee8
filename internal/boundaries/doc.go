// Package boundaries holds only a test: the import and declaration rules of
// ARCHITECTURE.md ("Boundaries"), checked over the source tree.
package boundaries
