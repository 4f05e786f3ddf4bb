/*!
 * (C) Ionic http://ionicframework.com - MIT License
 */
import{i as o}from"./p-Nqf6uvGh.js";const s=o||(()=>{});export{s as g}