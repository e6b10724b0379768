module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log, logShow)
import Data.Array (filter, elem, nub, length, sortWith)
import Data.Foldable (for_)
import Data.Maybe (Maybe(..))
import Data.String (joinWith)
import Gg (TextEdit(..))
import Gg.Board (IssueStatus(..))
import Gg.Board as Board

main :: Effect Unit
main = do
  open <- Board.listIssuesWith _ { status = Just Open }
  closed <- Board.listIssuesWith _ { status = Just Closed }
  let issues = sortWith _.id (open <> closed)
      tagged = filter (\i -> elem "frontend" i.labels) issues
  for_ tagged \i -> do
    let newLabels = nub (map (\l -> if l == "frontend" then "web" else l) i.labels)
    Board.updateIssue i.id { title: Nothing, description: Keep, labels: Just newLabels, status: Nothing }
    log ("#" <> show i.id <> ": [" <> joinWith ", " newLabels <> "]")
  logShow (length tagged)
