module Main where

import Prelude
import Effect (Effect)
import Effect.Console (log)
import Data.Array (find)
import Data.Maybe (Maybe(..))
import Data.String (trim)
import Gg (TextEdit(..))
import Gg.Tasks (TaskStatus(..))
import Gg.Tasks as Tasks

main :: Effect Unit
main = do
  tasks <- Tasks.list
  case find (\t -> trim t.title == "Stop the nightly job from timing out") tasks of
    Nothing -> log "no task titled 'Stop the nightly job from timing out'"
    Just t -> do
      Tasks.update t.id { title: Nothing, description: Set "still times out on Sundays", status: Just Pending }
      log ("task " <> show t.id <> " set back to pending with description 'still times out on Sundays'")
