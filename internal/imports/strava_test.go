package imports

import "testing"

func TestUnsafeArchiveNames(t *testing.T) {
	for name, unsafe := range map[string]bool{
		"activities/1.fit.gz": false, "activities.csv": false, "media/a..b.jpg": false,
		"../x.fit": true, "activities/../../x": true, `..\x.fit`: true, "/etc/passwd": true, `C:\x.fit`: true, `\\server\x`: true,
	} {
		if got := unsafeName(name); got != unsafe {
			t.Errorf("unsafeName(%q) = %v", name, got)
		}
	}
}
