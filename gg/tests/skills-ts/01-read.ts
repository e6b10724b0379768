import { skills } from "gg";
skills.read("greeting");
