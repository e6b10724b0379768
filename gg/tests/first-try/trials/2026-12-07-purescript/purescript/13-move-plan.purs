module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Gg.Shell as Shell

main :: Effect Unit
main = do
  r <- Shell.run "mkdir -p docs && mv drafts/plan.md docs/plan.md && ls drafts docs"
  if r.exitCode /= 0
    then log ("move failed (exit " <> show r.exitCode <> "): " <> r.output)
    else log ("moved drafts/plan.md to docs/plan.md\n" <> r.output)
