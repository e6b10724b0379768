module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (filter, sort, mapMaybe, elemIndex, uncons, (!!))
import Data.Maybe (Maybe(..), fromMaybe)
import Data.String (Pattern(..), split, trim, toLower, joinWith)
import Gg.Files as Files
import Gg.Views as Views

readAll :: String -> Effect String
readAll p = do
  r <- Files.readFile p
  if r.truncated
    then _.contents <$> Files.readFileWith p _ { offset = Just 0, limit = Just r.totalLines }
    else pure r.contents

cellsOf :: String -> Array String
cellsOf row = map trim (split (Pattern ",") row)

main :: Effect Unit
main = do
  text <- readAll "team/people.csv"
  let rows = filter (_ /= "") (map trim (split (Pattern "\n") text))
  case uncons rows of
    Nothing -> log "team/people.csv is empty"
    Just { head: headerRow, tail: body } -> do
      let hdr = map toLower (cellsOf headerRow)
          teamCol = fromMaybe 1 (elemIndex "team" hdr)
          emailCol = fromMaybe 2 (elemIndex "email" hdr)
          salesEmail row =
            let cs = cellsOf row
            in if cs !! teamCol == Just "Sales" then cs !! emailCol else Nothing
          emails = sort (filter (_ /= "") (mapMaybe salesEmail body))
          listing = joinWith "\n" emails
      Views.openTextWith listing _ { label = Just "sales emails" }
      log listing
