console.log("still runs");
