module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (filter, length)
import Data.Either (Either(..))
import Data.Maybe (Maybe(..), fromMaybe)
import Data.String (Pattern(..), split, joinWith, stripSuffix)
import Gg (attempt)
import Gg.Files as Files

readAll :: String -> Effect String
readAll p = do
  r <- Files.readFile p
  if r.truncated
    then _.contents <$> Files.readFileWith p _ { offset = Just 0, limit = Just r.totalLines }
    else pure r.contents

isDebugLine :: String -> Boolean
isDebugLine l = fromMaybe l (stripSuffix (Pattern "\r") l) == "DEBUG=1"

main :: Effect Unit
main = do
  res <- attempt (Files.editFile "deploy/app.env" "\nDEBUG=1\n" "\n")
  case res of
    Right _ -> log "removed the line DEBUG=1 from deploy/app.env"
    Left _ -> do
      text <- readAll "deploy/app.env"
      let ls = split (Pattern "\n") text
          kept = filter (not <<< isDebugLine) ls
      if length kept == length ls
        then log "deploy/app.env has no line DEBUG=1"
        else do
          _ <- Files.writeFile "deploy/app.env" (joinWith "\n" kept)
          log ("removed " <> show (length ls - length kept) <> " DEBUG=1 line(s) from deploy/app.env")
