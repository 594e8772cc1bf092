package usage

import (
	_ "embed" // the price snapshot
	"sync"
)

// The prices zsj ships: a dated snapshot of pydantic's genai-prices
// catalogue (MIT license), reduced to chat models by prices/refresh.sh.
// prices/README.md says where it comes from and how to refresh it.
//
//go:embed prices/genai-prices.json
var embeddedPrices []byte

var loadEmbedded = sync.OnceValues(func() (*Prices, error) {
	return loadSnapshot(embeddedPrices)
})

// EmbeddedPrices returns the price snapshot built into zsj, read once.
func EmbeddedPrices() *Prices {
	p, err := loadEmbedded()
	if err != nil {
		panic("usage: the embedded price snapshot does not load: " + err.Error())
	}
	return p
}
