import{b as o,c as r,d as e,e as f}from"./chunk-FPQRG3AO.js";import"./chunk-THH4SIBO.js";import"./chunk-4FN3BW5X.js";export{r as Root,r as Slot,f as Slottable,o as createSlot,e as createSlottable};
