# Session B's reach through Ruby's own APIs (File, Dir, ENV, and Socket if the guest has it):
# `PROBE ...: ok ...` for what it reached outside its workspace, `PROBE ...: denied ...` for what
# it did not; every variable of the environment; a TCP connection to the server's own port.
A_ROOT = "@@A_ROOT@@"
A_PARENT = "@@A_PARENT@@"
STATE_HOME = "@@STATE_HOME@@"
SERVER_HOME = "@@SERVER_HOME@@"
PORT = Integer("@@PORT@@")

$budget = 0

def denied(e) = "denied #{e.class}"

def read(path)
  data = File.binread(path, 4096) || ""
  puts "PROBE read #{path}: ok #{data[0, 200].dump}"
rescue SystemCallError, IOError => e
  puts "PROBE read #{path}: #{denied(e)}"
end

def walk(top, depth)
  names = Dir.children(top).sort
  puts "PROBE list #{top}: ok #{names.join(" ")[0, 3000]}"
  names.each do |name|
    return if $budget <= 0
    $budget -= 1
    path = File.join(top, name)
    if File.directory?(path) && !File.symlink?(path)
      walk(path, depth - 1) if depth > 0
    elsif File.file?(path)
      read(path)
    end
  end
rescue SystemCallError, IOError => e
  puts "PROBE list #{top}: #{denied(e)}"
end

read("#{A_ROOT}/secret.txt")
read("#{A_ROOT}/secret-own.txt")
read("/proc/self/environ")
read("/proc/self/cmdline")
read("/etc/passwd")
[[A_ROOT, 3], [A_PARENT, 3], [File.dirname(A_PARENT), 0], [STATE_HOME, 4],
 ["#{SERVER_HOME}/.local/state", 4]].each do |top, depth|
  $budget = 100
  walk(top, depth)
end

ENV.to_h.sort.each { |name, value| puts "ENV #{name}=#{value}" }

begin
  require "socket"
  TCPSocket.new("127.0.0.1", PORT).close
  puts "NET tcp 127.0.0.1:#{PORT}: ok connected"
rescue LoadError, NotImplementedError => e
  puts "NET tcp 127.0.0.1:#{PORT}: unsupported the Ruby guest has no sockets (#{e.class}: #{e.message})"
rescue SystemCallError, IOError, SocketError => e
  puts "NET tcp 127.0.0.1:#{PORT}: #{denied(e)}"
end
