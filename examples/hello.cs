// A C# program, as a model would write it: `using Gg;` brings the SDK's families.
using System;
using Gg;

class Program
{
    static void Main()
    {
        var todo = Files.ReadFile("notes/todo.txt", limit: 2);
        Console.WriteLine("the first " + todo.LastLine + " of " + todo.TotalLines + " lines:");
        foreach (var line in todo.Contents.TrimEnd('\n').Split('\n'))
        {
            Console.WriteLine(" - " + line);
        }
        var task = Tasks.Add(new TaskInput("try the Python arm next"));
        Views.OpenText("1. read the notes\n2. filed task " + task.Id, label: "plan");
        Session.Finish("read the notes and filed a task");
    }
}
