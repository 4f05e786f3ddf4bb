/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{r as o,h as s,d as r}from"./p-tcQvqkiX.js";import{c}from"./p-DiVJyqlX.js";import{b as t}from"./p-Nqf6uvGh.js";const a=class{constructor(s){o(this,s)}render(){const o=t(this);return s(r,{key:"bfaa49d35f43b8036725ae8a322c716fc6e43bdf",class:c(this.color,{[o]:!0})},s("slot",{key:"c04880cd1935b42cbe60f58fd523b4d8a96072dc"}))}};a.style=":host(.ion-color){color:var(--ion-color-base)}";export{a as ion_text}