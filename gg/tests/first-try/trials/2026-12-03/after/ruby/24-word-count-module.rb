code = <<~'RUBY'
  def self.count_words(text)
    text.split.size
  end
RUBY
Gg::Memories.write("textstats", "Helpers for counting words", "Helpers for counting words: Lib::Textstats.count_words(text) returns how many words a text has.", code: code)

Gg::Programs.rerun(<<~'RUBY')
  text = Gg::Files.read_file("notes/poem.txt").contents
  puts Lib::Textstats.count_words(text)
RUBY
puts "Saved memory textstats"
