package commands

import (
	"context"
	"time"
)

// PruneEvery is how often RunPruner prunes when given no period.
const PruneEvery = time.Hour

// PruneInteractions deletes the handled interactions older than
// Settings.KeepInteractions by the service's clock, and reports how many.
// Without it the table kept a row for every move, button and join ever
// handled.
func (s *Service) PruneInteractions(ctx context.Context) (int64, error) {
	return s.DB.PruneInteractions(ctx, s.Now().Add(-s.Settings.KeepInteractions))
}

// RunPruner prunes the handled interactions at its start and then every
// period (PruneEvery when zero) until ctx is cancelled. A pruning that
// fails is logged and tried again at the next period: the rows it left
// only cost disk.
func (s *Service) RunPruner(ctx context.Context, every time.Duration) {
	if every <= 0 {
		every = PruneEvery
	}
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		n, err := s.PruneInteractions(ctx)
		switch {
		case err != nil && ctx.Err() == nil:
			s.Log.Error("pruning handled interactions", "error", err)
		case n > 0:
			s.Log.Info("pruned handled interactions", "rows", n, "older_than", s.Settings.KeepInteractions.String())
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
