module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.String (trim)
import Gg.Shell as Shell

main :: Effect Unit
main = do
  r <- Shell.run "tar -tf backup/site-2026-11.tar > /tmp/site-2026-11.list && grep -v '/$' /tmp/site-2026-11.list | wc -l"
  if r.exitCode /= 0
    then log ("tar failed (exit " <> show r.exitCode <> "): " <> r.output)
    else log (trim r.output)
