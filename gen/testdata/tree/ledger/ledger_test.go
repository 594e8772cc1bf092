package ledger

import "testing"

func TestPostMovesMoney(t *testing.T) {
	l := New()
	if err := l.Post("cash", "sales", 1200); err != nil {
		t.Fatalf("Post: %v", err)
	}
	if got := l.Balance("cash"); got != -1200 {
		t.Errorf("cash balance = %d, want -1200", got)
	}
}

func TestSameAccountIsRefused(t *testing.T) {
	l := New()
	if err := l.Post("cash", "cash", 1); err != ErrSameAccount {
		t.Errorf("Post(cash, cash) = %v, want ErrSameAccount", err)
	}
}

func TestJournalIsACopy(t *testing.T) {
	l := New()
	l.Post("a", "b", 5)
	j := l.Journal()
	j[0].Amount = 99
	if l.Journal()[0].Amount != 5 {
		t.Error("changing the returned journal changed the ledger")
	}
}
