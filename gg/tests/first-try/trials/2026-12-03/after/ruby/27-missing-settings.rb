require "json"
path = "config/settings.json"
text = begin
  Gg::Files.read_file(path).contents
rescue Gg::ApiError => e
  raise unless e.code == :not_found
  example = Gg::Files.read_file("config/settings.example.json").contents
  Gg::Files.write_file(path, example)
  example
end
data = JSON.parse(text)
def find_key(obj, key)
  case obj
  when Hash
    return obj[key] if obj.key?(key)
    obj.each_value { |v| r = find_key(v, key); return r unless r.nil? }
  when Array
    obj.each { |v| r = find_key(v, key); return r unless r.nil? }
  end
  nil
end
puts find_key(data, "retries")
