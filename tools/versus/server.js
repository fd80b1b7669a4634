// boardgame.io's own server with the stones game, for make bench.
// Usage: node server.js PORT memory|flatfile [DIR]
"use strict";

const { Server, FlatFile } = require("boardgame.io/server");
const { Stones } = require("./game");

const [port, storage, dir] = process.argv.slice(2);
// The default storage is boardgame.io's in-memory one; FlatFile writes each
// match through node-persist into DIR.
const db = storage === "flatfile" ? new FlatFile({ dir, logging: false }) : undefined;
const server = Server({ games: [Stones], db, origins: ["http://127.0.0.1"] });
server.run(Number(port), () => console.log("ready"));
