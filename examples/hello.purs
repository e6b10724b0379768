-- A PureScript program, as a model would write it: the SDK is a module per family.
module Main where

import Prelude

import Effect (Effect)
import Effect.Console (log)
import Data.Maybe (Maybe(..))
import Gg.Files as Files
import Gg.Session as Session
import Gg.Tasks as Tasks
import Gg.Tasks (taskInput)
import Gg.Views as Views

main :: Effect Unit
main = do
  todo <- Files.readFileWith "notes/todo.txt" _ { limit = Just 2 }
  log ("the first " <> show todo.lastLine <> " of " <> show todo.totalLines <> " lines:\n" <> todo.contents)
  task <- Tasks.add taskInput { title = "try the Ruby arm next" }
  Views.openTextWith ("1. read the notes\n2. filed task " <> show task.id) _ { label = Just "plan" }
  Session.finish "read the notes and filed a task"
