// Launcher for FerretDB v1 (SQLite backend) as a local MongoDB-wire server for `npm run test:infra`.
// `go install` of FerretDB's own command panics (a generated version file is missing from the module), so
// this embeds its public `ferretdb` package instead. It exits when its stdin closes, i.e. when the test
// runner that started it dies in any way.
//
// Usage: ferretdb-launcher <host:port> <data dir>
package main

import (
	"context"
	"fmt"
	"io"
	"log"
	"os"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	if len(os.Args) != 3 {
		log.Fatal("usage: ferretdb-launcher <host:port> <data dir>")
	}
	if err := os.MkdirAll(os.Args[2], 0o755); err != nil {
		log.Fatal(err)
	}
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:  ferretdb.ListenerConfig{TCP: os.Args[1]},
		Handler:   "sqlite",
		SQLiteURL: "file:" + os.Args[2] + "/",
	})
	if err != nil {
		log.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		_, _ = io.Copy(io.Discard, os.Stdin)
		cancel()
		os.Exit(0)
	}()
	fmt.Println("READY", f.MongoDBURI())
	if err := f.Run(ctx); err != nil && ctx.Err() == nil {
		log.Fatal(err)
	}
}
