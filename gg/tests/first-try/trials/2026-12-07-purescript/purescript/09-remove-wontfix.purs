module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (filter, elem, sortWith)
import Data.Foldable (for_)
import Data.Maybe (Maybe(..))
import Gg.Board (IssueStatus(..))
import Gg.Board as Board

main :: Effect Unit
main = do
  closed <- Board.listIssuesWith _ { status = Just Closed }
  let doomed = sortWith _.id (filter (\i -> i.status == Closed && elem "wontfix" i.labels) closed)
  for_ doomed \i -> do
    Board.removeIssue i.id
    log (show i.id)
