module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (filter, length, null)
import Data.Foldable (for_)
import Data.Maybe (Maybe(..))
import Data.String (Pattern(..), split, trim)
import Data.String.Regex (Regex, test)
import Data.String.Regex.Flags (noFlags)
import Data.String.Regex.Unsafe (unsafeRegex)
import Gg.Files as Files
import Gg.Session as Session

readAll :: String -> Effect String
readAll p = do
  r <- Files.readFile p
  if r.truncated
    then _.contents <$> Files.readFileWith p _ { offset = Just 0, limit = Just r.totalLines }
    else pure r.contents

itemRe :: Regex
itemRe = unsafeRegex "^\\s*[-*+]\\s+\\[[^\\]]?\\](\\s|$)" noFlags

tickedRe :: Regex
tickedRe = unsafeRegex "^\\s*[-*+]\\s+\\[[xX]\\](\\s|$)" noFlags

main :: Effect Unit
main = do
  text <- readAll "release/checklist.md"
  let items = filter (test itemRe) (split (Pattern "\n") text)
      unticked = filter (not <<< test tickedRe) items
      n = length items
  if n == 0
    then log "release/checklist.md has no checklist items"
    else if null unticked
      then do
        let summary = "The release checklist is complete: all " <> show n <> " items are ticked."
        log summary
        Session.finish summary
      else for_ unticked \l -> log (trim l)
